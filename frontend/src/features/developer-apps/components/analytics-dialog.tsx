import { SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { formatDate, formatMoney } from '../../../utils/format';
import { useAppAnalytics } from '../api/get-app-analytics';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { NotAvailableYet, ToolDialog, ToolTable } from './tool-dialog';

/** A titled list of the analytics: a line saying it is empty once loaded, else its table. */
function AnalyticsTable({
  title,
  emptyText,
  empty,
  columns,
  children,
}: {
  title: string;
  emptyText: string;
  empty: boolean;
  columns: readonly DataColumn[];
  children: ReactNode;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{title}</Text>
      {empty ? (
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      ) : (
        <ToolTable label={title} columns={columns}>
          {children}
        </ToolTable>
      )}
    </Stack>
  );
}

const CUSTOMER_COLUMNS: DataColumn[] = ['Name', 'Email', { label: 'Purchases', align: 'end' }];
const PURCHASE_COLUMNS: DataColumn[] = ['Customer', 'Date', 'Payment', { label: 'Amount', align: 'end' }];

/** Sales of one public app: totals, customers and recent purchases (GET /api/apps/{id}/analytics). */
export function AnalyticsDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data, error, isLoading } = useAppAnalytics(app.id);
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
            empty={!isLoading && customers.length === 0}
            columns={CUSTOMER_COLUMNS}
          >
            {customers.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>{c.name || '—'}</Table.Cell>
                <Table.Cell>{c.email || '—'}</Table.Cell>
                <Table.Cell textAlign="end">{c.purchase_count ?? 0}</Table.Cell>
              </Table.Row>
            ))}
          </AnalyticsTable>

          <AnalyticsTable
            title="Recent purchases"
            emptyText="No purchases yet."
            empty={!isLoading && recent.length === 0}
            columns={PURCHASE_COLUMNS}
          >
            {recent.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>
                  <Text>{p.user_name || '—'}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {p.user_email}
                  </Text>
                </Table.Cell>
                <Table.Cell>{formatDate(p.created_at)}</Table.Cell>
                <Table.Cell>{p.payment_method || '—'}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(p.amount)}</Table.Cell>
              </Table.Row>
            ))}
          </AnalyticsTable>
        </Stack>
      )}
    </ToolDialog>
  );
}
