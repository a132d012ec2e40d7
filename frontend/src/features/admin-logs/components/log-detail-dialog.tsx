import { Box, Button, Code, DataList, Text } from '@chakra-ui/react';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import type { ReactNode } from 'react';
import { LuRotateCcw } from 'react-icons/lu';
import { AppDialog } from '@/components/ui/app-dialog';
import { DeliveryStatusBadge } from '@/components/ui/delivery-status-badge';
import { formatDate } from '@/utils/format';
import { canReplay, formatResponseTime } from '../utils/log-display';

const mono = (value: ReactNode) => (
  <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
    {value}
  </Text>
);

/** Everything logged about one delivery attempt, with Replay when it failed. */
export function LogDetailDialog({
  log,
  replaying,
  onReplay,
  onClose,
}: {
  log: WebhookDeliveryLog;
  replaying: boolean;
  onReplay: () => void;
  onClose: () => void;
}) {
  const rows: [string, ReactNode][] = [
    ['Log ID', mono(log.id)],
    ['Event Type', mono(log.event_type || '—')],
    ['Status Code', <DeliveryStatusBadge key="status" code={log.status_code} />],
    ['Response Time', formatResponseTime(log.response_time_ms)],
    ['Retry Count', String(log.retry_count ?? 0)],
    ['Timestamp', formatDate(log.created_at, 'seconds')],
    ['Target URL', mono(log.target_url || '—')],
    ['Delivery ID', mono(log.delivery_id || '—')],
  ];
  if (log.error_kind) rows.push(['Error', mono(log.error_kind.replaceAll('_', ' '))]);

  return (
    <AppDialog
      title="Webhook Log Details"
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {canReplay(log.status_code) && (
            <Button colorPalette="brand" onClick={onReplay} loading={replaying}>
              <LuRotateCcw /> Replay
            </Button>
          )}
        </>
      }
    >
      <DataList.Root orientation="horizontal" size="sm" gap="2.5">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
            <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Box mt="5">
        <Text fontWeight="semibold" fontSize="sm" mb="2">
          Response Body
        </Text>
        <Code
          as="pre"
          display="block"
          whiteSpace="pre-wrap"
          wordBreak="break-all"
          maxH="64"
          overflow="auto"
          p="3"
          w="full"
          fontSize="xs"
          borderRadius="md"
          data-testid="log-response"
        >
          {log.response || '(empty)'}
        </Code>
      </Box>
    </AppDialog>
  );
}
