import {
  Badge,
  Box,
  Button,
  DataList,
  Dialog,
  Heading,
  HStack,
  Link,
  List,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuBan, LuCircleCheck, LuExternalLink, LuTrash2 } from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { AppTypeBadge } from '@/components/ui/app-type-badge';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDate, formatMoney, safeUrl } from '@/utils/format';
import { useAppPurchasePages } from '../api/get-app-purchases';
import { useRefundPurchase } from '../api/refund-purchase';
import type { AdminAppRow, AdminPurchase } from '../types';
import { adminStatus, formatPricing, salesOf } from '../utils/format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" mb="2" color="gray.800">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value ?? '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

/** The server says until when (the money-back period); the button hides after that. */
const refundable = (p: AdminPurchase) => p.status === 'completed' && Date.now() <= Date.parse(p.refundable_until);

function PurchaseHistory({ appId }: { appId: string }) {
  const { data, isLoading, hasMore, loadMore, loadingMore, mutate } = useAppPurchasePages(appId);
  const refund = useRefundPurchase(appId);
  const { confirm, dialog } = useConfirm();
  const onRefund = async (id: string, email?: string | null) => {
    const ok = await confirm({
      title: 'Refund purchase',
      message: `Refund this purchase${email ? ` by ${email}` : ''}? The licence is revoked and the buyer is e-mailed.`,
      confirmLabel: 'Refund',
      destructive: true,
    });
    if (!ok) return;
    try {
      const res = await refund(id);
      notifySuccess(res?.message || 'Purchase refunded');
      void mutate();
    } catch (err) {
      notifyError(errorText(err, 'Failed to refund purchase'));
    }
  };
  if (isLoading) return <Skeleton h="12" />;
  const purchases = data ?? [];
  if (purchases.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No purchases yet.
      </Text>
    );
  const { sales, revenue } = salesOf(purchases);
  return (
    <Stack gap="2">
      {dialog}
      <Text fontSize="sm">
        {sales} completed {sales === 1 ? 'sale' : 'sales'} · {formatMoney(revenue)} revenue
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="60">
        <Table.Root size="sm" aria-label="Purchase history" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Buyer</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {purchases.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>
                  <Text>{p.user?.name || '—'}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {p.user?.email}
                  </Text>
                </Table.Cell>
                <Table.Cell>{formatDate(p.created_at)}</Table.Cell>
                <Table.Cell>
                  <Badge
                    colorPalette={
                      p.status === 'completed' ? 'green' : p.status === 'payment_mismatch' || p.flag ? 'red' : 'gray'
                    }
                  >
                    {p.status || 'unknown'}
                  </Badge>
                  {p.flag && (
                    <Text fontSize="xs" color="fg.error">
                      {p.flag}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(p.amount)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {refundable(p) && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => onRefund(p.id, p.user?.email)}
                    >
                      Refund
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {hasMore ? (
        <Button size="sm" variant="outline" alignSelf="start" loading={loadingMore} onClick={() => void loadMore()}>
          Load more purchases
        </Button>
      ) : null}
    </Stack>
  );
}

const LINKS = [
  ['Website', 'website_url'],
  ['Demo', 'demo_url'],
  ['Documentation', 'documentation_url'],
  ['Support', 'support_url'],
] as const;

/** The View dialog of App Management: everything an admin needs to review the app, and the actions. */
export function AppDetailDialog({
  app,
  busy,
  onApprove,
  onSuspend,
  onDelete,
  onClose,
  appPermissions,
}: {
  app: AdminAppRow;
  busy: 'approve' | 'suspend' | 'delete' | null;
  onApprove: () => void;
  onSuspend: () => void;
  onDelete: () => void;
  onClose: () => void;
  /** The app's permissions section, supplied by the route (another feature's screen). */
  appPermissions?: (appId: string) => ReactNode;
}) {
  const status = adminStatus(app);
  const isPublic = app.type === 'public';
  const description = app.long_description || app.description || app.short_description;
  const features = (app.key_features ?? []).filter(Boolean);
  const links = LINKS.map(([label, key]) => [label, safeUrl(app[key])] as const).filter(([, url]) => url);

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="3">
                <AppIcon name={app.name} src={app.icon_url} size={44} />
                <Box>
                  <Dialog.Title>{app.name}</Dialog.Title>
                  <HStack gap="2" mt="1">
                    <AppTypeBadge type={app.type} />
                    <Badge colorPalette={status.palette} variant="solid">
                      {status.label}
                    </Badge>
                  </HStack>
                </Box>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="6">
                <Section title="Basic Information">
                  <Facts
                    rows={[
                      ['Name', app.name],
                      ['Type', <AppTypeBadge key="type" type={app.type} />],
                      ['Category', orDash(app.category)],
                      ['Status', status.label],
                      ['Developer', orDash(app.user_email)],
                      ['Slug', orDash(app.slug)],
                      ['Created', formatDate(app.created_at)],
                    ]}
                  />
                </Section>
                {isPublic && (
                  <Section title="Pricing Information">
                    <Facts
                      rows={[
                        ['Pricing Model', orDash(app.pricing_model)],
                        ['Price', formatPricing(app)],
                        ['Free Trial', app.free_trial_days ? `${app.free_trial_days} days` : '—'],
                        ['Licensing', orDash(app.licensing_type)],
                        ['Refund Policy', orDash(app.refund_policy)],
                      ]}
                    />
                  </Section>
                )}
                {isPublic && (
                  <Section title="Purchase History">
                    <PurchaseHistory appId={app.id} />
                  </Section>
                )}
                <Section title="Company Information">
                  <Facts
                    rows={[
                      ['Company', orDash(app.company_name)],
                      ['Company Size', orDash(app.company_size)],
                      ['Founded', orDash(app.founded_year)],
                      ['Target Audience', orDash(app.target_audience)],
                    ]}
                  />
                </Section>
                <Section title="Description">
                  <Text fontSize="sm" whiteSpace="pre-line" color={description ? 'fg' : 'fg.muted'}>
                    {description || 'No description.'}
                  </Text>
                </Section>
                <Section title="Key Features">
                  {features.length ? (
                    <List.Root ps="5" fontSize="sm" gap="1">
                      {features.map((f) => (
                        <List.Item key={f}>{f}</List.Item>
                      ))}
                    </List.Root>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      No key features listed.
                    </Text>
                  )}
                </Section>
                <Section title="Links">
                  {links.length ? (
                    <HStack gap="4" flexWrap="wrap" fontSize="sm">
                      {links.map(([label, url]) => (
                        <Link
                          key={label}
                          href={url ?? undefined}
                          target="_blank"
                          rel="noopener noreferrer"
                          color="brand.fg"
                        >
                          {label} <LuExternalLink />
                        </Link>
                      ))}
                    </HStack>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      No links.
                    </Text>
                  )}
                </Section>
                {appPermissions?.(app.id)}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {app.is_approved ? (
                <Button colorPalette="orange" variant="outline" onClick={onSuspend} loading={busy === 'suspend'}>
                  <LuBan /> Suspend
                </Button>
              ) : (
                <Button colorPalette="green" onClick={onApprove} loading={busy === 'approve'}>
                  <LuCircleCheck /> Approve
                </Button>
              )}
              <Button colorPalette="red" variant="outline" onClick={onDelete} loading={busy === 'delete'}>
                <LuTrash2 /> Delete
              </Button>
              <Button variant="ghost" onClick={onClose} ms="auto">
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
