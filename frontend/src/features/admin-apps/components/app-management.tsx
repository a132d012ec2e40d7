import { Alert, Badge, Box, Button, ButtonGroup, HStack, Skeleton, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuEye } from 'react-icons/lu';
import { MSG } from '../../../../../shared/messages';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppTypeBadge } from '../../../components/ui/app-type-badge';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/api-client';
import { useApproveApp } from '../api/approve-app';
import { useDeleteAppPermanently } from '../api/delete-app';
import { useAdminApps } from '../api/get-admin-apps';
import { useSuspendApp } from '../api/suspend-app';
import { type AppFilter, adminStatus, FILTERS, formatPricing, matchesFilter } from '../utils/format';
import { AppDetailDialog } from './app-detail-dialog';
import { SalesCell } from './sales-cell';

const COLUMNS = ['App Name', 'Type', 'Category', 'Pricing', 'Developer', 'Status', 'Actions', 'Sales'];

/**
 * /admin/apps: every app with filter buttons (All Apps, Marketplace = public apps, Internal =
 * internal and partner apps), the review dialog and its Approve / Suspend / Delete actions.
 */
export function AppManagement() {
  const { data, error, isLoading } = useAdminApps();
  const [filter, setFilter] = useState<AppFilter>('all');
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'suspend' | 'delete' | null>(null);
  const approve = useApproveApp();
  const suspend = useSuspendApp();
  const remove = useDeleteAppPermanently();
  const { confirm, dialog } = useConfirm();

  const apps = data ?? [];
  const counts = useMemo(
    () => Object.fromEntries(FILTERS.map((f) => [f.value, apps.filter((a) => matchesFilter(a, f.value)).length])),
    [apps],
  );
  const shown = useMemo(() => apps.filter((a) => matchesFilter(a, filter)), [apps, filter]);
  // The dialog reads the app from the list, so it shows the new state once the list revalidates.
  const viewing = viewingId ? apps.find((a) => a.id === viewingId) : undefined;

  async function act(kind: 'approve' | 'suspend' | 'delete') {
    if (!viewing) return;
    const texts = {
      approve: { ask: MSG.confirmApproveApp, done: MSG.appApproved, failed: MSG.failedApproveApp },
      suspend: { ask: MSG.confirmSuspendApp, done: MSG.appSuspended, failed: MSG.failedSuspendApp },
      delete: { ask: MSG.confirmPermanentDeleteApp, done: MSG.appDeleted, failed: MSG.failedDeleteApp },
    }[kind];
    const run = (id: string): Promise<void> =>
      kind === 'approve' ? approve.trigger(id) : kind === 'suspend' ? suspend.trigger(id) : remove.trigger(id);
    const label = { approve: 'Approve', suspend: 'Suspend', delete: 'Delete' }[kind];
    if (!(await confirm({ message: texts.ask, confirmLabel: label, destructive: kind !== 'approve' }))) return;
    setBusy(kind);
    try {
      await run(viewing.id);
      notifySuccess(texts.done);
      if (kind === 'delete') setViewingId(null);
    } catch (err) {
      notifyError(errorText(err, texts.failed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader title="App Management" description="Review, publish and suspend apps." />

      <ButtonGroup size="sm" variant="outline" attached mb="4" role="group" aria-label="Filter apps">
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            onClick={() => setFilter(f.value)}
            aria-pressed={filter === f.value}
            variant={filter === f.value ? 'solid' : 'outline'}
            colorPalette={filter === f.value ? 'brand' : 'gray'}
          >
            {f.label} ({counts[f.value] ?? 0})
          </Button>
        ))}
      </ButtonGroup>

      {error && !data && (
        <Alert.Root status="error" borderRadius="md" mb="4">
          <Alert.Indicator />
          <Alert.Title>{errorText(error, MSG.failedLoadApps)}</Alert.Title>
        </Alert.Root>
      )}

      <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg.panel">
        <Table.Root size="sm" interactive aria-label="Apps">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {COLUMNS.map((c) => (
                <Table.ColumnHeader key={c} whiteSpace="nowrap">
                  {c}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {isLoading &&
              [0, 1, 2, 3].map((i) => (
                <Table.Row key={i} aria-hidden>
                  {COLUMNS.map((c) => (
                    <Table.Cell key={c}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            {!isLoading && shown.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={COLUMNS.length} textAlign="center" py="10" color="fg.muted">
                  {MSG.noAppsFound}
                </Table.Cell>
              </Table.Row>
            )}
            {shown.map((app) => {
              const status = adminStatus(app);
              return (
                <Table.Row key={app.id} data-testid={`admin-app-${app.id}`}>
                  <Table.Cell>
                    <HStack gap="3" minW="48">
                      <AppIcon name={app.name} src={app.icon_url} size={32} />
                      <Box minW="0">
                        <Text fontWeight="medium" lineClamp={1}>
                          {app.name}
                        </Text>
                        {app.company_name && (
                          <Text fontSize="xs" color="fg.muted" lineClamp={1}>
                            {app.company_name}
                          </Text>
                        )}
                      </Box>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <AppTypeBadge type={app.type} />
                  </Table.Cell>
                  <Table.Cell>{app.category || '—'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatPricing(app)}</Table.Cell>
                  <Table.Cell>{app.user_email || '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={status.palette}>{status.label}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setViewingId(app.id)}
                      aria-label={`View ${app.name}`}
                    >
                      <LuEye /> View
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <SalesCell app={app} />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      {viewing && (
        <AppDetailDialog
          app={viewing}
          busy={busy}
          onApprove={() => act('approve')}
          onSuspend={() => act('suspend')}
          onDelete={() => act('delete')}
          onClose={() => setViewingId(null)}
        />
      )}
      {dialog}
    </>
  );
}
