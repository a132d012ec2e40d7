import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until this admin screen is built. */
export default function AdminLogsRoute() {
  return (
    <>
      <PageHeader title="System Logs" description="Webhook deliveries across the platform." />
      <PlaceholderPanel>Webhook logs with details and replay are coming in the next release.</PlaceholderPanel>
    </>
  );
}
