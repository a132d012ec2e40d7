import { DataList, HStack, Text } from '@chakra-ui/react';
import { LuServer } from 'react-icons/lu';
import { formatCount, formatDate } from '@/utils/format';
import type { SyncStatus } from '../types';
import { syncTypeLabel } from '../utils/sync-display';
import { RunStatusBadge } from './status-badge';
import { SyncPanel } from './sync-panel';

/** Sync Status: legacy users and polling, the last internal sync and the catalogue's counts. */
export function SyncStatusCard({
  status,
  error,
  loading,
}: {
  status: SyncStatus | undefined;
  error: unknown;
  loading: boolean;
}) {
  const polling = status?.legacy.polling_active;
  const last = status?.internal.last_sync;
  return (
    <SyncPanel
      headingId="sync-status-heading"
      icon={<LuServer aria-hidden />}
      title="Sync Status"
      error={!status && error}
      failed="Failed to load sync status"
      loading={loading || !status}
    >
      {status && (
        <DataList.Root orientation="horizontal" size="sm" gap="2.5">
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Legacy users synced</DataList.ItemLabel>
            <DataList.ItemValue data-testid="users-synced">
              {formatCount(status.legacy.users_synced)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Event polling</DataList.ItemLabel>
            <DataList.ItemValue data-testid="polling-state">
              <Text as="span" fontWeight="semibold" color={polling ? 'green.700' : 'gray.700'}>
                {polling ? 'Active' : 'Inactive'}
              </Text>
              {polling && (
                <Text as="span" color="gray.600">
                  &nbsp;· every {status.legacy.polling_interval_seconds} s
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Last poll</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(status.legacy.last_poll_at, 'seconds')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Last internal sync</DataList.ItemLabel>
            <DataList.ItemValue data-testid="internal-last-sync">
              {last ? (
                <HStack gap="2" flexWrap="wrap">
                  <RunStatusBadge status={last.status} />
                  <Text as="span">{formatDate(last.completed_at, 'seconds')}</Text>
                </HStack>
              ) : (
                'Never'
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Current counts</DataList.ItemLabel>
            <DataList.ItemValue data-testid="current-counts">
              {formatCount(status.current_counts.features)} features · {formatCount(status.current_counts.event_types)}{' '}
              event types · {formatCount(status.current_counts.tables)} tables
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel color="gray.700">Running now</DataList.ItemLabel>
            <DataList.ItemValue>
              {status.running.length ? status.running.map(syncTypeLabel).join(', ') : 'Nothing'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
    </SyncPanel>
  );
}
