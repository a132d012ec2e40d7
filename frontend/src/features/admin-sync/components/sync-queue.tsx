import { Box, Button, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { LuCircleX, LuClock, LuInbox, LuListOrdered, LuLoaderCircle, LuRotateCcw } from 'react-icons/lu';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/components/ui/stat-card';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatCount, formatDate } from '@/utils/format';
import { QUEUE_REFRESH_MS, useQueueStatus } from '../api/get-queue-status';
import { useRetryFailed } from '../api/retry-failed';
import { formatAge } from '../utils/sync-display';

/** /admin/queue: the sync queue's depth, what is in flight, the failed items and Retry failed. */
export function SyncQueue() {
  const { data, error, isLoading } = useQueueStatus();
  const retry = useRetryFailed();

  async function onRetry() {
    try {
      const res = await retry.trigger();
      notifySuccess(res?.message ?? 'Failed items re-queued');
    } catch (err) {
      notifyError(errorText(err, 'Failed to retry failed items'));
    }
  }

  const items = data?.failed_items ?? [];
  return (
    <>
      <PageHeader
        title="Sync Queue"
        description={`Sync jobs and polled events waiting, running and failed. Refreshes every ${QUEUE_REFRESH_MS / 1000} seconds.`}
        actions={
          <Button
            colorPalette="brand"
            onClick={onRetry}
            loading={retry.isMutating}
            disabled={!data || data.failed === 0}
          >
            <LuRotateCcw aria-hidden /> Retry failed
          </Button>
        }
      />
      {error && !data && <LoadError error={error} fallback="Failed to load the queue status" mb="6" />}
      <Stack gap="8">
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          {[
            { label: 'Depth', icon: <LuListOrdered />, value: formatCount(data?.depth) },
            { label: 'In flight', icon: <LuLoaderCircle />, value: formatCount(data?.in_flight) },
            { label: 'Failed', icon: <LuCircleX />, value: formatCount(data?.failed) },
            { label: 'Oldest waiting', icon: <LuClock />, value: formatAge(data?.oldest_age_seconds) },
          ].map((stat) => (
            <StatCard key={stat.label} {...stat} loading={isLoading} />
          ))}
        </SimpleGrid>
        <Box as="section" aria-labelledby="failed-items-heading">
          <Heading as="h2" size="lg" mb="4" id="failed-items-heading">
            Failed items
          </Heading>
          {data && items.length === 0 ? (
            <EmptyState icon={<LuInbox />} title="No failed items" description="Every job has been processed." />
          ) : (
            <DataTable
              label="Failed queue items"
              columns={['ID', 'Kind', 'Error', 'Failed at', 'Attempts']}
              scrollLabel="Failed queue items, scrollable"
            >
              {items.map((item) => (
                <Table.Row key={item.id} data-testid={`failed-${item.id}`}>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {item.id}
                  </Table.Cell>
                  <Table.Cell>{item.kind}</Table.Cell>
                  <Table.Cell>
                    <Text color="red.700" fontSize="sm">
                      {item.error}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" color="gray.700">
                    {formatDate(item.failed_at, 'seconds')}
                  </Table.Cell>
                  <Table.Cell>{item.receive_count}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          )}
        </Box>
      </Stack>
    </>
  );
}
