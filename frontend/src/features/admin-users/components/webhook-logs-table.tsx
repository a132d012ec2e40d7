import { Table, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { WebhookLog } from '@shared/schemas/admin-users';
import { DataTable } from '@/components/ui/data-table';
import { DeliveryCells } from '@/components/ui/delivery-cells';
import { panelStyle } from '@/components/ui/surfaces';
import { formatDate } from '@/utils/format';

const COLUMNS = ['Event Type', 'Target URL', 'Status', 'Response Time', 'Retries', 'Timestamp'];

/** Webhook deliveries to the user's apps, newest first. */
export function WebhookLogsTable({ logs }: { logs: WebhookLog[] }) {
  if (logs.length === 0) {
    return (
      <Text color="gray.500" {...panelStyle} p="6" textAlign="center">
        {MSG.noWebhookLogs}
      </Text>
    );
  }
  return (
    <DataTable label="Webhook logs" columns={COLUMNS}>
      {logs.map((log) => (
        <Table.Row key={log.id} data-testid={`log-row-${log.id}`}>
          <DeliveryCells
            eventType={log.event_type}
            targetUrl={log.target_url}
            statusCode={log.status_code}
            responseTime={log.response_time_ms == null ? '—' : `${Math.round(log.response_time_ms)} ms`}
            targetMaxW="xs"
          />
          <Table.Cell fontVariantNumeric="tabular-nums">{log.retry_count ?? 0}</Table.Cell>
          <Table.Cell color="gray.600" whiteSpace="nowrap">
            {formatDate(log.timestamp, 'minutes')}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
