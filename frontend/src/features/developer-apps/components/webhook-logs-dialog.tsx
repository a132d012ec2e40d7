import { Badge, Skeleton, Table, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/utils/format';
import { useAppWebhookLogs } from '../api/get-app-webhook-logs';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { NotAvailableYet, ToolDialog, ToolTable } from './tool-dialog';

/** The developer log view colours a status 200 to 299 green, anything else red (section 2). */
const statusPalette = (code: number | null | undefined) => (code && code >= 200 && code <= 299 ? 'green' : 'red');

const LOG_COLUMNS = ['Event Type', 'Target URL', 'Status', 'Response Time', 'Timestamp'];

/** Deliveries of the app's webhooks (GET /api/apps/{id}/webhook-logs). */
export function WebhookLogsDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data: logs, error, isLoading } = useAppWebhookLogs(app.id);

  let body: ReactNode;
  if (isNotAvailable(error)) body = <NotAvailableYet what="Webhook logs" />;
  else if (error) body = <LoadError error={error} fallback={MSG.failedLoadWebhookLogs} />;
  else if (isLoading) body = <Skeleton h="24" />;
  else if (!logs || logs.length === 0) body = <Text color="fg.muted">{MSG.noWebhookLogs}</Text>;
  else
    body = (
      <ToolTable label="Webhook logs" columns={LOG_COLUMNS}>
        {logs.map((log) => (
          <Table.Row key={log.id}>
            <Table.Cell>{log.event_type || '—'}</Table.Cell>
            <Table.Cell maxW="56" truncate title={log.target_url ?? undefined}>
              {log.target_url || '—'}
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={statusPalette(log.status_code)}>{log.status_code || 'Failed'}</Badge>
            </Table.Cell>
            <Table.Cell>{log.response_time_ms != null ? `${log.response_time_ms} ms` : '—'}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(log.created_at, 'minutes')}</Table.Cell>
          </Table.Row>
        ))}
      </ToolTable>
    );

  return (
    <ToolDialog title="Webhook Logs" appName={app.name} onClose={onClose} size="xl">
      {body}
    </ToolDialog>
  );
}
