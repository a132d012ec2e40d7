import { Badge, Box, Button, ButtonGroup, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { APP_STATUSES, type AppStatus } from '@shared/app-status';
import { MSG } from '@shared/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { LuEye } from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { AppTypeBadge } from '@/components/ui/app-type-badge';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataTable, type RowColumn } from '@/components/ui/data-table';
import { ListCount, ListSearchBar, usePagedSearch } from '@/components/ui/list-toolbar';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { PageHeader } from '@/components/ui/page-header';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { usePagedTable } from '@/components/ui/use-paged-table';
import { errorText } from '@/lib/api-client';
import { useApproveApp } from '../api/approve-app';
import { useClearAppFlag } from '../api/clear-flag';
import { useDeleteAppPermanently } from '../api/delete-app';
import { adminAppsPageKey, getAdminAppsPage, useAdminAppsFirstPage } from '../api/get-admin-apps';
import { useSuspendApp } from '../api/suspend-app';
import type { AdminAppRow } from '../types';
import { type AppFilter, adminStatus, FILTERS, formatPricing } from '../utils/format';
import { AppDetailDialog } from './app-detail-dialog';
import { ReviewDiff } from './review-diff';
import { SalesCell } from './sales-cell';

/**
 * The apps' columns, in fixed shares of a laptop-wide table (1280 px window): long names and
 * e-mails wrap instead of scrolling. `view` opens an app's review dialog; `markReviewed` clears
 * the flag of an app edited after approval (`marking` while it runs).
 */
function appColumns({
  view,
  markReviewed,
  marking,
}: {
  view: (app: AdminAppRow) => void;
  markReviewed: (id: string) => void;
  marking: boolean;
}): RowColumn<AdminAppRow>[] {
  return [
    {
      label: 'App Name',
      width: '20%',
      cell: (app) => (
        <HStack gap="2" align="start">
          <AppIcon name={app.name} src={app.icon_url} size={32} />
          <Box minW="0" flex="1">
            <Text fontWeight="medium" overflowWrap="anywhere" data-testid="app-name-text">
              {app.name}
            </Text>
            {app.company_name && (
              <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                {app.company_name}
              </Text>
            )}
          </Box>
        </HStack>
      ),
    },
    { label: 'Type', width: '9%', cell: (app) => <AppTypeBadge type={app.type} /> },
    { label: 'Category', width: '11%', cell: (app) => app.category || '—' },
    { label: 'Pricing', width: '11%', cell: formatPricing },
    {
      label: 'Developer',
      width: '14%',
      cell: (app) => app.user_email || '—',
      cellProps: { overflowWrap: 'anywhere' },
    },
    {
      label: 'Status',
      width: '11%',
      cell: (app) => {
        const status = adminStatus(app);
        return (
          <>
            <Badge colorPalette={status.palette}>{status.label}</Badge>
            {app.review_flag && (
              <Box mt="1" data-testid="review-flag">
                <Text fontSize="xs" color="orange.800">
                  Edited after approval: {app.review_flag.fields.join(', ')}
                </Text>
                <ReviewDiff app={app} />
                <Button
                  size="2xs"
                  variant="outline"
                  mt="1"
                  onClick={() => markReviewed(app.id)}
                  loading={marking}
                  aria-label={`Mark reviewed: ${app.name}`}
                >
                  Mark reviewed
                </Button>
              </Box>
            )}
          </>
        );
      },
    },
    {
      label: 'Actions',
      width: '9%',
      cell: (app) => (
        <Button size="xs" variant="outline" onClick={() => view(app)} aria-label={`View ${app.name}`}>
          <LuEye /> View
        </Button>
      ),
    },
    { label: 'Sales', width: '10%', cell: (app) => <SalesCell app={app} /> },
    {
      label: 'Installs',
      width: '6%',
      cell: (app) =>
        typeof app.installs === 'number' ? (
          app.installs
        ) : (
          <Text as="span" color="fg.subtle" aria-label="No installs counted">
            —
          </Text>
        ),
      cellProps: { fontVariantNumeric: 'tabular-nums' },
    },
  ];
}

/** Awaiting review first: the status an admin acts on. */
const STATUS_OPTIONS: AppStatus[] = ['Pending Review', ...APP_STATUSES.filter((s) => s !== 'Pending Review')];

/**
 * /admin/apps: every app with filter buttons (All Apps, Marketplace = public apps, Internal =
 * internal and partner apps), a search over app name, developer e-mail and company, a status
 * filter, server paging with "Load more" (next_cursor: apps off the marketplace, awaiting review
 * among them, newest first, then the marketplace A-Z; the counts from the server's counters, the
 * search not counted), and the review dialog with its Approve /
 * Suspend / Delete actions. `actions` sit beside the title (the route adds Pending Licenses).
 */
export function AppManagement({
  actions,
  appPermissions,
}: {
  actions?: ReactNode;
  /** The review dialog's permissions section (another feature's, so the route supplies it). */
  appPermissions?: (appId: string) => ReactNode;
} = {}) {
  const [filter, setFilter] = useState<AppFilter>('all');
  const [status, setStatus] = useState<AppStatus | ''>('');
  const { query, search, q, refilter } = usePagedSearch();
  const filters = { q, status, type: filter };
  const first = useAdminAppsFirstPage(filters);
  const { data, error } = first;
  const { list, table, empty } = usePagedTable(first, (cursor) => adminAppsPageKey(filters, cursor), getAdminAppsPage);
  // The app the review dialog shows: kept here, not only read from the page, because an approved app
  // moves off a busy page (awaiting review comes first) and the dialog must stay with it.
  const [viewed, setViewed] = useState<AdminAppRow | null>(null);
  const [busy, setBusy] = useState<'approve' | 'suspend' | 'delete' | null>(null);
  const approve = useApproveApp();
  const suspend = useSuspendApp();
  const remove = useDeleteAppPermanently();
  const clearFlag = useClearAppFlag();

  async function reviewed(id: string) {
    try {
      await clearFlag.trigger(id);
      notifySuccess('Changes marked reviewed: the public page shows them now');
    } catch (err) {
      notifyError(errorText(err, 'Failed to mark the changes reviewed'));
    }
  }
  const { confirm, dialog } = useConfirm();

  const shown = list.items;
  const apps = shown;
  const searching = q.trim() !== '';
  const counts = data?.counts;
  // While the page holds the app, the dialog follows the list (its new state once it revalidates).
  const onPage = viewed ? apps.find((a) => a.id === viewed.id) : undefined;
  useEffect(() => {
    if (onPage) setViewed(onPage);
  }, [onPage]);
  const viewing = onPage ?? viewed ?? undefined;

  async function act(kind: 'approve' | 'suspend' | 'delete') {
    if (!viewing) return;
    const texts = {
      approve: { ask: MSG.confirmApproveApp, done: MSG.appApproved, failed: MSG.failedApproveApp },
      suspend: { ask: MSG.confirmSuspendApp, done: MSG.appSuspended, failed: MSG.failedSuspendApp },
      delete: { ask: MSG.confirmPermanentDeleteApp, done: MSG.appDeleted, failed: MSG.failedDeleteApp },
    }[kind];
    const run = async (id: string): Promise<Partial<AdminAppRow> | undefined> => {
      if (kind === 'approve') return approve.trigger(id);
      if (kind === 'suspend') return suspend.trigger(id);
      await remove.trigger(id);
      return undefined;
    };
    const label = { approve: 'Approve', suspend: 'Suspend', delete: 'Delete' }[kind];
    if (!(await confirm({ message: texts.ask, confirmLabel: label, destructive: kind !== 'approve' }))) return;
    setBusy(kind);
    try {
      const now = await run(viewing.id);
      notifySuccess(texts.done);
      if (kind === 'delete') setViewed(null);
      else if (now) setViewed((v) => (v && v.id === now.id ? { ...v, ...now } : v));
    } catch (err) {
      notifyError(errorText(err, texts.failed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader title="App Management" description="Review, publish and suspend apps." actions={actions} />

      <ListSearchBar
        query={query}
        onSearch={search}
        placeholder="Search by app, developer or company"
        label="Search apps"
        maxW="sm"
      >
        <NativeSelect.Root w={{ base: 'full', md: '56' }}>
          <NativeSelect.Field
            aria-label="Filter by status"
            bg="white"
            value={status}
            onChange={(e) => refilter(setStatus)(e.target.value as AppStatus | '')}
          >
            <option value="">All statuses</option>
            {STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s} ({data?.status_counts[s] ?? 0})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ListSearchBar>

      <HStack mb="4" gap="4" flexWrap="wrap" justify="space-between">
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Filter apps">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              onClick={() => refilter(setFilter)(f.value)}
              aria-pressed={filter === f.value}
              variant={filter === f.value ? 'solid' : 'outline'}
              colorPalette={filter === f.value ? 'brand' : 'gray'}
            >
              {f.label} ({counts?.[f.value] ?? 0})
            </Button>
          ))}
        </ButtonGroup>
        {data && (
          <ListCount waiting={data.status_counts['Pending Review']} waitingLabel="awaiting review" palette="orange">
            {searching
              ? `Showing ${shown.length} matching apps${list.hasMore ? ' so far' : ''} (${data.total} in all)`
              : `Showing ${shown.length} of ${data.total} apps`}
          </ListCount>
        )}
      </HStack>

      {error && !data && <LoadError error={error} fallback={MSG.failedLoadApps} mb="4" />}

      <DataTable
        label="Apps"
        columns={appColumns({ view: setViewed, markReviewed: reviewed, marking: clearFlag.isMutating })}
        {...table}
        empty={empty(MSG.noAppsFound)}
        rootProps={{ interactive: true }}
        rows={shown}
        rowTestId={(app) => `admin-app-${app.id}`}
      />
      <LoadMore compact shown={shown.length} total={searching ? undefined : data?.total} list={list} noun="apps" />

      {viewing && (
        <AppDetailDialog
          app={viewing}
          busy={busy}
          onApprove={() => act('approve')}
          onSuspend={() => act('suspend')}
          onDelete={() => act('delete')}
          onClose={() => setViewed(null)}
          appPermissions={appPermissions}
        />
      )}
      {dialog}
    </>
  );
}
