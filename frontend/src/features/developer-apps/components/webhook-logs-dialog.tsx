import { Alert, Badge, Skeleton, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MSG } from '../../../../../shared/messages';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../utils/format';
import { useAppWebhookLogs } from '../api/get-app-webhook-logs';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { NotAvailableYet, ToolDialog } from './tool-dialog';

/** The developer log view colours a status 200 to 299 green, anything else red (section 2). */
const statusPalette = (code: number | null | undefined) => (code && code >= 200 && code <= 299 ? 'green' : 'red');

/** Deliveries of the app's webhooks (GET /api/apps/{id}/webhook-logs). */
export function WebhookLogsDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data: logs, error, isLoading } = useAppWebhookLogs(app.id);

  let body: ReactNode;
  if (isNotAvailable(error)) body = <NotAvailableYet what="Webhook logs" />;
  else if (error)
    body = (
      <Alert.Root status="error" borderRadius="md">
        <Alert.Indicator />
        <Alert.Title>{errorText(error, MSG.failedLoadWebhookLogs)}</Alert.Title>
      </Alert.Root>
    );
  else if (isLoading) body = <Skeleton h="24" />;
  else if (!logs || logs.length === 0) body = <Text color="fg.muted">{MSG.noWebhookLogs}</Text>;
  else
    body = (
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label="Webhook logs">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Event Type</Table.ColumnHeader>
              <Table.ColumnHeader>Target URL</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Response Time</Table.ColumnHeader>
              <Table.ColumnHeader>Timestamp</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
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
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <ToolDialog title="Webhook Logs" appName={app.name} onClose={onClose} size="xl">
      {body}
    </ToolDialog>
  );
}
