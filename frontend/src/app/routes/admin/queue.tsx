import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until this admin screen is built. */
export default function AdminQueueRoute() {
  return (
    <>
      <PageHeader title="Sync Queue" description="Pending and failed synchronisation jobs." />
      <PlaceholderPanel>Queue status and retries are coming in a later release.</PlaceholderPanel>
    </>
  );
}
