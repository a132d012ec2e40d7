import { Field, HStack, Stack, Text } from '@chakra-ui/react';
import { SYNC_TYPES } from '@shared/sync-types';
import { useEffect, useRef, useState } from 'react';
import { DataTable, type RowColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { NativeSelectField, type SelectOption } from '@/components/ui/native-select-field';
import { PageHeader } from '@/components/ui/page-header';
import { usePagedTable } from '@/components/ui/use-paged-table';
import { formatDate } from '@/utils/format';
import {
  getSyncHistoryPage,
  type SyncHistoryFilters,
  syncHistoryPageKey,
  useSyncHistoryFirstPage,
} from '../api/get-sync-history';
import type { RunStatus, SyncRun } from '../types';
import { formatCounts, RUN_STATUS, syncTypeLabel } from '../utils/sync-display';
import { RunStatusBadge } from './status-badge';

const RUN_STATUSES = Object.keys(RUN_STATUS) as RunStatus[];
const SYNC_TYPE_OPTIONS = SYNC_TYPES.map((t) => ({ value: t, label: syncTypeLabel(t) }));
const RUN_STATUS_OPTIONS = RUN_STATUSES.map((s) => ({ value: s, label: RUN_STATUS[s].label }));
/** The filters of the runs, each a query field of the history's pages. */
const RUN_FILTERS = [
  { field: 'sync_type', label: 'Sync type', maxW: '64', all: 'All types', options: SYNC_TYPE_OPTIONS },
  { field: 'status', label: 'Run status', maxW: '48', all: 'All statuses', options: RUN_STATUS_OPTIONS },
] as const;

/** The runs' columns; the first cell is where focus goes when a page arrives (rows hold no link). */
const COLUMNS: RowColumn<SyncRun>[] = [
  {
    label: 'Started',
    width: '17%',
    cell: (run) => formatDate(run.started_at, 'seconds'),
    cellProps: { tabIndex: -1, 'data-page-focus': '' },
  },
  { label: 'Type', width: '16%', cell: (run) => syncTypeLabel(run.sync_type) },
  { label: 'Status', width: '11%', cell: (run) => <RunStatusBadge status={run.status} /> },
  { label: 'Attempts', width: '8%', cell: (run) => run.attempts ?? 1 },
  { label: 'Started by', width: '16%', cell: (run) => run.started_by, cellProps: { overflowWrap: 'anywhere' } },
  {
    label: 'Result',
    width: '32%',
    cell: (run) => run.detail ?? formatCounts(run.counts),
    cellProps: { overflowWrap: 'anywhere', color: 'gray.700' },
  },
];

/**
 * /admin/sync-history (linked from the Dashboard): every recorded sync run and poll, newest first,
 * filtered by type and status on the server and read page by page with "Load more" (cursor). A
 * poll retried by the queue is one run with its attempts; polls that found nothing are kept for 7
 * days (the Dashboard keeps its short list).
 */
export function SyncHistory() {
  const [filters, setFilters] = useState<SyncHistoryFilters>({});
  const first = useSyncHistoryFirstPage(filters);
  const { data, error } = first;
  const { list, body, table, empty } = usePagedTable(
    first,
    (cursor) => syncHistoryPageKey(filters, cursor),
    getSyncHistoryPage,
  );
  const runs = list.items;
  // When a page arrives, focus goes to its first run (rows hold no link for the paged table to focus).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const at = focusFrom.current;
    if (at === null || runs.length <= at) return;
    focusFrom.current = null;
    body.current?.children[at]?.querySelector<HTMLElement>('[data-page-focus]')?.focus();
  }, [runs.length, body]);

  return (
    <Stack gap="0">
      <PageHeader
        title="Sync History"
        description="Every sync run and poll, newest first. A poll the queue retried is one run with its attempts; polls that found nothing are kept for 7 days."
      />
      {error && !data && <LoadError error={error} fallback="Failed to load the sync history" mb="4" />}
      <HStack gap="4" mb="4" flexWrap="wrap" align="end">
        {RUN_FILTERS.map(({ field, ...filter }) => (
          <RunFilter
            key={field}
            {...filter}
            value={filters[field] ?? ''}
            onChange={(value) => setFilters((current) => ({ ...current, [field]: value || undefined }))}
          />
        ))}
        {data && (
          <Text fontSize="sm" color="gray.600" aria-live="polite">
            {`Showing ${runs.length} runs${list.hasMore ? ' (more to load)' : ''}`}
          </Text>
        )}
      </HStack>
      <DataTable
        label="Sync runs"
        columns={COLUMNS}
        {...table}
        empty={empty('No runs match these filters.')}
        rows={runs}
        rowTestId={(run) => `run-row-${run.id}`}
      />
      <LoadMore
        compact
        shown={runs.length}
        list={{
          ...list,
          loadMore: () => {
            focusFrom.current = runs.length;
            void list.loadMore();
          },
        }}
        noun="runs"
      />
    </Stack>
  );
}

/** A labelled filter of the runs, filtered on the server; its first choice (`all`, value '') is no filter. */
function RunFilter({
  label,
  maxW,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  maxW: string;
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: readonly SelectOption[];
}) {
  return (
    <Field.Root maxW={maxW}>
      <Field.Label>{label}</Field.Label>
      <NativeSelectField
        root={{ size: 'sm' }}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={all}
        options={options}
      />
    </Field.Root>
  );
}
