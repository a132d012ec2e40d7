import { Alert, SimpleGrid, Skeleton, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../utils/format';
import { useAppAnalytics } from '../api/get-app-analytics';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { NotAvailableYet, ToolDialog } from './tool-dialog';

/** Sales of one public app: totals, customers and recent purchases (GET /api/apps/{id}/analytics). */
export function AnalyticsDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data, error, isLoading } = useAppAnalytics(app.id);
  const customers = data?.customers ?? [];
  const recent = data?.recent_purchases ?? [];

  return (
    <ToolDialog title="Analytics" appName={app.name} onClose={onClose} size="xl">
      {isNotAvailable(error) ? (
        <NotAvailableYet what="Sales analytics" />
      ) : error ? (
        <Alert.Root status="error" borderRadius="md">
          <Alert.Indicator />
          <Alert.Title>{errorText(error, 'Failed to load analytics')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={2} gap="4">
            <Stat.Root borderWidth="1px" borderRadius="lg" p="4">
              <Stat.Label>Total sales</Stat.Label>
              <Skeleton loading={isLoading}>
                <Stat.ValueText>{data?.total_sales ?? 0}</Stat.ValueText>
              </Skeleton>
            </Stat.Root>
            <Stat.Root borderWidth="1px" borderRadius="lg" p="4">
              <Stat.Label>Total revenue</Stat.Label>
              <Skeleton loading={isLoading}>
                <Stat.ValueText>{formatMoney(data?.total_revenue)}</Stat.ValueText>
              </Skeleton>
            </Stat.Root>
          </SimpleGrid>

          <Stack gap="2">
            <Text fontWeight="semibold">Customers</Text>
            {!isLoading && customers.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No customers yet.
              </Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" aria-label="Customers">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Name</Table.ColumnHeader>
                      <Table.ColumnHeader>Email</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Purchases</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {customers.map((c) => (
                      <Table.Row key={c.id}>
                        <Table.Cell>{c.name || '—'}</Table.Cell>
                        <Table.Cell>{c.email || '—'}</Table.Cell>
                        <Table.Cell textAlign="end">{c.purchase_count ?? 0}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>

          <Stack gap="2">
            <Text fontWeight="semibold">Recent purchases</Text>
            {!isLoading && recent.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No purchases yet.
              </Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" aria-label="Recent purchases">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Customer</Table.ColumnHeader>
                      <Table.ColumnHeader>Date</Table.ColumnHeader>
                      <Table.ColumnHeader>Payment</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
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
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        </Stack>
      )}
    </ToolDialog>
  );
}
