import { InternalSync } from '@/features/admin-sync/components/internal-sync';

export default function AdminInternalSyncRoute() {
  return <InternalSync />;
}
