import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LuClock, LuDatabase, LuLayers, LuRefreshCw, LuZap } from 'react-icons/lu';
import { useSWRConfig } from 'swr';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { StatCard } from '@/components/ui/stat-card';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { formatCount, formatDate } from '@/utils/format';
import { FEATURE_CATEGORIES_KEY, useFeatureCategories } from '../api/get-categories';
import { EVENT_TYPES_KEY, useEventTypes } from '../api/get-event-types';
import { FEATURES_PATH, useFeatures } from '../api/get-features';
import { INTERNAL_STATUS_KEY, useInternalStatus } from '../api/get-internal-status';
import { TABLES_KEY, useTables } from '../api/get-tables';
import { useLoadInternalSync } from '../api/load-internal-sync';
import { failureDetail } from '../utils/sync-display';
import { FeatureRow } from './feature-row';
import { RunStatusBadge } from './status-badge';

/**
 * /admin/internal-sync (docs/spec.md sections 2 and 4): Sync Now loads the internal system's catalogue;
 * status, features, event types and tables reload 2 s after the start and keep polling until the
 * run ends; features can be searched (Enter), filtered by category and linked to event types and
 * tables.
 */
export function InternalSync() {
  const { mutate } = useSWRConfig();
  const [following, setFollowing] = useState<string | null>(null); // started_at of the run we follow
  const status = useInternalStatus(following !== null);
  const load = useLoadInternalSync();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const features = useFeatures(search, category);
  const categories = useFeatureCategories();
  const eventTypes = useEventTypes();
  const tables = useTables();
  const [expanded, setExpanded] = useState<string | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const reloadAll = useCallback(() => {
    void mutate(INTERNAL_STATUS_KEY);
    void mutate((key) => typeof key === 'string' && key.startsWith(FEATURES_PATH));
    void mutate(EVENT_TYPES_KEY);
    void mutate(TABLES_KEY);
    void mutate(FEATURE_CATEGORIES_KEY);
  }, [mutate]);

  // The run we started has ended: reload the lists once more and report a failure.
  const current = status.data;
  useEffect(() => {
    if (!following || !current || current.running) return;
    const done = current.last_sync?.completed_at;
    if (!done || done < following) return;
    setFollowing(null);
    reloadAll();
    if (current.last_sync?.status === 'failed')
      notifyError(MSG.internalSyncFailed(current.last_sync.detail ?? 'the run ended without a detail'));
  }, [following, current, reloadAll]);

  async function onSyncNow() {
    try {
      const res = await load.trigger();
      notifySuccess(res?.message ?? 'Internal sync started');
      setFollowing(res?.run?.started_at ?? new Date().toISOString());
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(reloadAll, LIMITS.syncReloadMs);
    } catch (err) {
      notifyError(MSG.internalSyncFailed(failureDetail(err)));
    }
  }

  const running = Boolean(status.data?.running) || load.isMutating || following !== null;
  const counts = status.data?.counts;
  const last = status.data?.last_sync;
  const list = features.data ?? [];

  return (
    <>
      <PageHeader
        title="Internal Sync"
        description="Features, event types and tables from the internal practice-management system."
        actions={
          <Button colorPalette="brand" onClick={onSyncNow} disabled={running} loading={load.isMutating}>
            <LuRefreshCw aria-hidden /> {running && !load.isMutating ? 'Sync running…' : 'Sync Now'}
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard
            label="Last Sync"
            icon={<LuClock />}
            loading={status.isLoading}
            value={<Text fontSize="md">{last?.completed_at ? formatDate(last.completed_at, 'seconds') : 'Never'}</Text>}
            hint={last?.status === 'failed' && last.detail ? last.detail : undefined}
          />
          <StatCard
            label="Features"
            icon={<LuLayers />}
            loading={status.isLoading}
            value={formatCount(counts?.features)}
          />
          <StatCard
            label="Event Types"
            icon={<LuZap />}
            loading={status.isLoading}
            value={formatCount(counts?.event_types)}
          />
          <StatCard
            label="Tables"
            icon={<LuDatabase />}
            loading={status.isLoading}
            value={formatCount(counts?.tables)}
          />
        </SimpleGrid>
        {(last || status.data?.running) && (
          <HStack gap="2" fontSize="sm" color="gray.700" aria-live="polite">
            <Text>Last run:</Text>
            <RunStatusBadge status={status.data?.running ? 'running' : (last?.status ?? 'queued')} />
          </HStack>
        )}

        <Box as="section" aria-label="Feature catalogue">
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" mb="4">
            <SearchInput
              label="Search features"
              placeholder="Search features… (press Enter)"
              value={query}
              onValueChange={setQuery}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  setSearch(query.trim());
                }
              }}
              bg="white"
            />
            <NativeSelectField
              root={{ w: { base: 'full', md: '64' } }}
              aria-label="Feature category"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              bg="white"
              placeholder="All Categories"
              options={categories.data ?? []}
            />
          </Stack>

          {features.isLoading && !features.data ? (
            <SkeletonList h="20" />
          ) : list.length === 0 ? (
            <EmptyState
              icon={<LuLayers />}
              title={search || category ? 'No features match your search' : 'No features yet'}
              description={search || category ? undefined : 'Run Sync Now to load the internal catalogue.'}
            />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Feature list">
              {list.map((f) => (
                <FeatureRow
                  key={f.id}
                  feature={f}
                  expanded={expanded === f.id}
                  onToggle={() => setExpanded(expanded === f.id ? null : f.id)}
                  eventTypes={eventTypes.data ?? []}
                  tables={tables.data ?? []}
                />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </>
  );
}
