import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until this admin screen is built. */
export default function AdminAppsRoute() {
  return (
    <>
      <PageHeader title="App Management" description="Review, publish and suspend apps." />
      <PlaceholderPanel>Filters, the app table and the review dialog are coming in the next release.</PlaceholderPanel>
    </>
  );
}
