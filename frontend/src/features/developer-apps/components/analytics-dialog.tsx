import { Button, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import type { DeveloperInstall } from '@shared/schemas/installs';
import { ColumnRows, type RowColumn } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { formatDate, formatMoney } from '@/utils/format';
import { useAppAnalytics } from '../api/get-app-analytics';
import { useAppInstalls } from '../api/get-app-installs';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { NotAvailableYet, ToolDialog, ToolTable } from './tool-dialog';

/** A titled list of the analytics: a line saying it is empty once loaded, else its table. */
function AnalyticsTable<T extends { id: string }>({
  title,
  emptyText,
  loading,
  rows,
  columns,
  more,
}: {
  title: string;
  emptyText: string;
  loading: boolean;
  rows: readonly T[];
  columns: readonly RowColumn<T>[];
  /** A "Load more" button under the table while the server has another page. */
  more?: { label: string; loading: boolean; onClick: () => void } | false;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{title}</Text>
      {!loading && rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        <ToolTable label={title} columns={columns}>
          <ColumnRows columns={columns} rows={rows} />
        </ToolTable>
      )}
      {more && (
        <Button size="sm" variant="outline" alignSelf="start" loading={more.loading} onClick={more.onClick}>
          {more.label}
        </Button>
      )}
    </Stack>
  );
}

type Analytics = NonNullable<ReturnType<typeof useAppAnalytics>['data']>;

const CUSTOMER_COLUMNS: RowColumn<Analytics['customers'][number]>[] = [
  { label: 'Name', cell: (c) => c.name || '—' },
  { label: 'Email', cell: (c) => c.email || '—' },
  { label: 'Purchases', align: 'end', cell: (c) => c.purchase_count ?? 0 },
];
const PURCHASE_COLUMNS: RowColumn<Analytics['recent_purchases'][number]>[] = [
  {
    label: 'Customer',
    cell: (p) => (
      <>
        <Text>{p.user_name || '—'}</Text>
        <Text fontSize="xs" color="fg.muted">
          {p.user_email}
        </Text>
      </>
    ),
  },
  { label: 'Date', cell: (p) => formatDate(p.created_at) },
  { label: 'Payment', cell: (p) => p.payment_method || '—' },
  { label: 'Amount', align: 'end', cell: (p) => formatMoney(p.amount) },
];

const INSTALL_STATUS: Record<DeveloperInstall['status'], string> = {
  active: 'Granted',
  pending: 'Pending',
  revoked: 'Revoked',
};

/** What an install granted, in short: its event types and features with their access. */
const grantedText = (i: DeveloperInstall) =>
  [...i.granted.event_types, ...i.granted.features.map((f) => `${f.id} (${f.access.replace('_', '/')})`)].join(', ') ||
  'Nothing';

const INSTALL_COLUMNS: RowColumn<DeveloperInstall>[] = [
  { label: 'Practice', cell: (i) => i.customer_email || '—' },
  { label: 'Status', cell: (i) => INSTALL_STATUS[i.status] },
  { label: 'Granted', cell: (i) => (i.status === 'active' ? grantedText(i) : '—') },
  {
    label: 'Since',
    cell: (i) => formatDate(i.status === 'revoked' ? (i.revoked_at ?? i.installed_at) : i.installed_at),
  },
];

/** The practices' installs of the app (consent to its declared access), newest first, with Load more. */
function AppInstalls({ appId }: { appId: string }) {
  const { installs, more, loadMore, error, isLoading, isLoadingMore } = useAppInstalls(appId);
  if (error) return <LoadError error={error} fallback="Failed to load the installs" />;
  return (
    <AnalyticsTable
      title="Installs"
      emptyText="No practice has installed this app yet."
      loading={isLoading}
      rows={installs}
      columns={INSTALL_COLUMNS}
      more={more && { label: 'Load more installs', loading: isLoadingMore, onClick: () => loadMore() }}
    />
  );
}

/** Sales of one public app: totals, customers and recent purchases (GET /api/apps/{id}/analytics). */
export function AnalyticsDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data, error, isLoading, more, loadMore, isLoadingMore } = useAppAnalytics(app.id);
  const customers = data?.customers ?? [];
  const recent = data?.recent_purchases ?? [];
  const totals = [
    { label: 'Total sales', value: data?.total_sales ?? 0 },
    { label: 'Total revenue', value: formatMoney(data?.total_revenue) },
  ];

  return (
    <ToolDialog title="Analytics" appName={app.name} onClose={onClose} size="xl">
      {isNotAvailable(error) ? (
        <NotAvailableYet what="Sales analytics" />
      ) : error ? (
        <LoadError error={error} fallback="Failed to load analytics" />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={2} gap="4">
            {totals.map((total) => (
              <Stat.Root key={total.label} borderWidth="1px" borderRadius="lg" p="4">
                <Stat.Label>{total.label}</Stat.Label>
                <Skeleton loading={isLoading}>
                  <Stat.ValueText>{total.value}</Stat.ValueText>
                </Skeleton>
              </Stat.Root>
            ))}
          </SimpleGrid>

          <AnalyticsTable
            title="Customers"
            emptyText="No customers yet."
            loading={isLoading}
            rows={customers}
            columns={CUSTOMER_COLUMNS}
            more={more && { label: 'Load more customers', loading: isLoadingMore, onClick: () => loadMore() }}
          />
          <AnalyticsTable
            title="Recent purchases"
            emptyText="No purchases yet."
            loading={isLoading}
            rows={recent}
            columns={PURCHASE_COLUMNS}
          />
          <AppInstalls appId={app.id} />
        </Stack>
      )}
    </ToolDialog>
  );
}
