import { SyncQueue } from '@/features/admin-sync/components/sync-queue';

/** /admin/queue (linked from the admin dashboard). */
export default function AdminQueueRoute() {
  return <SyncQueue />;
}
