import { Button, HStack, Table, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { useState } from 'react';
import { LuEye, LuRefreshCw, LuRotateCcw, LuScrollText } from 'react-icons/lu';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { DeliveryCells } from '@/components/ui/delivery-cells';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { formatDate } from '@/utils/format';
import { useAdminLogs } from '../api/get-admin-logs';
import { useReplayLog } from '../api/replay-log';
import { canReplay, formatResponseTime, paginate, shortId } from '../utils/log-display';
import { LogDetailDialog } from './log-detail-dialog';

const COLUMNS: DataColumn[] = [
  'ID',
  'Event Type',
  'Target URL',
  'Status',
  'Response Time',
  'Timestamp',
  { label: 'Actions', align: 'end' },
];

/**
 * /admin/logs: the newest 100 webhook delivery attempts, 20 per page, with details and replay; the
 * older ones a hundred more at a time ("Load older attempts").
 */
export function WebhookLogs() {
  const { data, error, isLoading, isValidating, mutate, hasMore, loadMore, loadingMore } = useAdminLogs();
  const replay = useReplayLog();
  const { run, busyId: replaying, dialog } = useConfirmedAction();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<WebhookDeliveryLog | null>(null);
  const logs = data ?? [];
  const view = paginate(logs, page, LIMITS.webhookLogPageSize);

  const onReplay = (log: WebhookDeliveryLog) =>
    run(
      log.id,
      { title: 'Replay webhook', message: MSG.confirmReplay, confirmLabel: 'Replay' },
      async () => {
        await replay.trigger(log.id);
        void mutate();
        notifySuccess(MSG.webhookReplayed);
        setSelected(null);
      },
      MSG.failedReplayWebhook,
    );

  return (
    <>
      <PageHeader
        title="Webhook Logs"
        description="Every webhook delivery attempt across the platform, newest first. Failed deliveries can be replayed."
        actions={
          <Button variant="outline" onClick={() => mutate()} loading={isValidating && !isLoading} bg="white">
            <LuRefreshCw /> Refresh
          </Button>
        }
      />

      {error && !data ? (
        <LoadError error={error} fallback={MSG.failedLoadWebhookLogs} />
      ) : data && logs.length === 0 ? (
        <EmptyState icon={<LuScrollText />} title={MSG.noWebhookLogs} />
      ) : (
        <DataTable label="Webhook logs" columns={COLUMNS} loading={isLoading && !data}>
          {view.items.map((log) => (
            <Table.Row key={log.id} data-testid={`log-row-${log.id}`}>
              <Table.Cell>
                <Text fontFamily="mono" fontSize="xs" title={log.id} whiteSpace="nowrap">
                  {shortId(log.id)}
                </Text>
              </Table.Cell>
              <DeliveryCells
                eventType={log.event_type}
                targetUrl={log.target_url}
                statusCode={log.status_code}
                responseTime={formatResponseTime(log.response_time_ms)}
                targetMaxW="64"
              />
              <Table.Cell color="gray.600" whiteSpace="nowrap">
                {formatDate(log.created_at, 'minutes')}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" justify="flex-end">
                  <Button size="xs" variant="ghost" onClick={() => setSelected(log)}>
                    <LuEye /> View
                  </Button>
                  {canReplay(log.status_code) && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="brand"
                      onClick={() => onReplay(log)}
                      loading={replaying === log.id}
                    >
                      <LuRotateCcw /> Replay
                    </Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}

      <Pager page={view.current} pages={view.pages} onPage={setPage} label="Webhook log pages" />
      {hasMore && (
        <HStack justify="center" mt="4">
          <Button variant="outline" loading={loadingMore} onClick={() => void loadMore()}>
            Load older attempts
          </Button>
        </HStack>
      )}

      {selected && (
        <LogDetailDialog
          log={selected}
          replaying={replaying === selected.id}
          onReplay={() => onReplay(selected)}
          onClose={() => setSelected(null)}
        />
      )}
      {dialog}
    </>
  );
}
