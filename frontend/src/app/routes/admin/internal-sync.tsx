import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until this admin screen is built. */
export default function AdminInternalSyncRoute() {
  return (
    <>
      <PageHeader title="Internal Sync" description="Features, event types and tables from the internal system." />
      <PlaceholderPanel>Sync controls and the feature catalogue are coming in the next release.</PlaceholderPanel>
    </>
  );
}
