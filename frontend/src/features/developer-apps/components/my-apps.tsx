import { Button, HStack, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useCallback, useState } from 'react';
import { LuAppWindow, LuPlus, LuSend } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { useMyApps } from '@/api/get-my-apps';
import { useMyPurchases } from '@/api/get-my-purchases';
import { EmptyState } from '@/components/ui/empty-state';
import { ButtonLink } from '@/components/ui/links';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonList } from '@/components/ui/skeleton-list';
import { notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { paths } from '@/config/paths';
import { useDeleteApp } from '../api/delete-app';
import { useManualLicences } from '../api/manual-licences';
import type { OwnApp } from '../types';
import { AnalyticsDialog } from './analytics-dialog';
import { type AppTool, CreatedAppCard } from './created-app-card';
import { ManualLicencesDialog } from './manual-licences-dialog';
import { PurchasedApps } from './purchased-apps';
import { TestEventDialog } from './test-event-dialog';
import { WebhookLogsDialog } from './webhook-logs-dialog';
import { WebhooksDialog } from './webhooks-dialog';

const TOOL_DIALOGS = {
  analytics: AnalyticsDialog,
  webhooks: WebhooksDialog,
  'test-event': TestEventDialog,
  'webhook-logs': WebhookLogsDialog,
  'pending-licences': ManualLicencesDialog,
} as const;

type Tab = 'created' | 'purchased';

/** /dashboard/apps: the apps the developer created and the ones they bought. */
export function MyApps() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'purchased' ? 'purchased' : 'created';
  const apps = useMyApps();
  const purchases = useMyPurchases();
  const manual = useManualLicences();
  const remove = useDeleteApp();
  const { run, busyId: deletingId, dialog } = useConfirmedAction();
  const [open, setOpen] = useState<{ app: OwnApp; tool: AppTool } | null>(null);

  const onDelete = useCallback(
    (app: OwnApp) =>
      run(
        app.id,
        { message: MSG.confirmDeleteApp, destructive: true, confirmLabel: 'Delete' },
        async () => {
          await remove.trigger(app.id);
          notifySuccess(MSG.appDeleted);
        },
        MSG.failedDeleteApp,
      ),
    [run, remove.trigger],
  );
  const onTool = useCallback((app: OwnApp, tool: AppTool) => setOpen({ app, tool }), []);

  const created = apps.data ?? [];
  const bought = purchases.data ?? [];
  const OpenTool = open ? TOOL_DIALOGS[open.tool] : null;
  const pendingByApp = new Map<string, number>();
  // Counted on the first page (the oldest, up to 50); the dialog loads the rest.
  for (const l of manual.data?.licences ?? []) pendingByApp.set(l.app_id, (pendingByApp.get(l.app_id) ?? 0) + 1);

  return (
    <>
      <PageHeader
        title="My Apps"
        description="Apps you created and apps you purchased."
        links={[
          { to: paths.quickCreate, icon: LuPlus, label: 'Quick Create', look: 'outline' },
          { to: paths.submitApp, icon: LuSend, label: 'Submit to Marketplace', look: 'primary' },
        ]}
      />

      <Tabs.Root
        value={tab}
        onValueChange={(e) => setParams(e.value === 'purchased' ? { tab: 'purchased' } : {}, { replace: true })}
        variant="line"
        lazyMount
      >
        <Tabs.List mb="5">
          <Tabs.Trigger value="created">Apps I Created ({created.length})</Tabs.Trigger>
          <Tabs.Trigger value="purchased">Apps I Purchased ({bought.length})</Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="created" p="0">
          {apps.error && !apps.data ? (
            <LoadError error={apps.error} fallback={MSG.failedLoadApps} />
          ) : apps.isLoading ? (
            <SkeletonList h="28" />
          ) : created.length === 0 ? (
            <EmptyState
              icon={<LuAppWindow />}
              title="No apps yet"
              description="Register an internal or partner app in seconds, or submit a public app for the marketplace."
              action={
                <HStack gap="2">
                  <ButtonLink to={paths.quickCreate} variant="outline">
                    Quick Create
                  </ButtonLink>
                  <ButtonLink to={paths.submitApp} colorPalette="brand">
                    Submit to Marketplace
                  </ButtonLink>
                </HStack>
              }
            />
          ) : (
            <Stack gap="3">
              {created.map((app) => (
                <CreatedAppCard
                  key={app.id}
                  app={app}
                  onDelete={onDelete}
                  onTool={onTool}
                  deleting={deletingId === app.id}
                  pendingLicences={pendingByApp.get(app.id) ?? 0}
                />
              ))}
            </Stack>
          )}
        </Tabs.Content>

        <Tabs.Content value="purchased" p="0">
          {purchases.isLoading ? (
            <Skeleton h="24" borderRadius="xl" aria-hidden />
          ) : (
            <>
              <PurchasedApps purchases={bought} />
              {purchases.hasMore ? (
                <Button
                  mt="4"
                  variant="outline"
                  loading={purchases.loadingMore}
                  onClick={() => void purchases.loadMore()}
                >
                  Load more purchases
                </Button>
              ) : null}
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>

      {open && OpenTool && <OpenTool app={open.app} onClose={() => setOpen(null)} />}
      {dialog}
    </>
  );
}
