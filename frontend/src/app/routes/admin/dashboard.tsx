import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { LuAppWindow, LuHistory, LuListOrdered, LuRefreshCw, LuScrollText, LuUsers } from 'react-icons/lu';
import { type Action, ActionGrid } from '@/components/ui/action-card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { EditedAppsCard } from '@/features/admin-apps/components/edited-apps-card';
import { OverdueLicencesCard } from '@/features/admin-licences/overdue-licences-card';
import { SuppressedAddressesCard } from '@/features/admin-mail/suppressed-addresses-card';
import { SYNC_HISTORY_PATH } from '@/features/admin-sync/api/get-sync-history';
import { useSyncStatus } from '@/features/admin-sync/api/get-sync-status';
import { SyncControls } from '@/features/admin-sync/components/sync-controls';
import { SyncStatusCard } from '@/features/admin-sync/components/sync-status-card';
import { SystemHealth } from '@/features/admin-sync/components/system-health';

const sections: Action[] = [
  { title: 'Users', text: 'Approve developers and review their keys.', to: paths.adminUsers, icon: <LuUsers /> },
  { title: 'Apps', text: 'Approve, suspend or remove marketplace apps.', to: paths.adminApps, icon: <LuAppWindow /> },
  {
    title: 'Internal Sync',
    text: 'Load features, event types and tables.',
    to: paths.adminSync,
    icon: <LuRefreshCw />,
  },
  { title: 'Queue', text: 'Pending and failed sync jobs.', to: paths.adminQueue, icon: <LuListOrdered /> },
  {
    title: 'Sync History',
    text: 'Every sync run and poll, by type and status.',
    to: SYNC_HISTORY_PATH,
    icon: <LuHistory />,
  },
  { title: 'Logs', text: 'Webhook deliveries and replays.', to: paths.adminLogs, icon: <LuScrollText /> },
];

/** /admin: system health, sync status and controls, and the management links (docs/spec.md section 2). */
export default function AdminDashboardRoute() {
  const status = useSyncStatus();
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Manage developers, apps and system synchronisation." />
      <Stack gap="10">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <SystemHealth />
          <SyncStatusCard status={status.data} error={status.error} loading={status.isLoading} />
        </SimpleGrid>
        <SyncControls status={status.data} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <OverdueLicencesCard />
          <EditedAppsCard />
          <SuppressedAddressesCard />
        </SimpleGrid>
        <Box as="section">
          <Heading as="h2" size="lg" mb="4">
            Management
          </Heading>
          <ActionGrid actions={sections} />
        </Box>
      </Stack>
    </>
  );
}
