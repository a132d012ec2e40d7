import { InternalSync } from '../../../features/internal-sync/components/internal-sync';

export default function AdminInternalSyncRoute() {
  return <InternalSync />;
}
