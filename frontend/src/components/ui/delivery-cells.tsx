import { Table, Text } from '@chakra-ui/react';
import { DeliveryStatusBadge } from './delivery-status-badge';

/**
 * The cells every webhook delivery table shows in this order: event type, target URL (cut to one
 * line, whole in its tooltip), status badge and response time (already formatted by the caller).
 */
export function DeliveryCells({
  eventType,
  targetUrl,
  statusCode,
  responseTime,
  targetMaxW,
}: {
  eventType: string;
  targetUrl: string;
  statusCode: number | null | undefined;
  responseTime: string;
  targetMaxW: string;
}) {
  return (
    <>
      <Table.Cell fontFamily="mono" fontSize="xs">
        {eventType}
      </Table.Cell>
      <Table.Cell maxW={targetMaxW}>
        <Text truncate fontSize="sm" title={targetUrl}>
          {targetUrl}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <DeliveryStatusBadge code={statusCode} />
      </Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {responseTime}
      </Table.Cell>
    </>
  );
}
