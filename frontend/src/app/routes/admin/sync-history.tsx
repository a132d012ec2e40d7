import { SyncHistory } from '@/features/admin-sync/components/sync-history';

/** /admin/sync-history (linked from the admin dashboard). */
export default function AdminSyncHistoryRoute() {
  return <SyncHistory />;
}
