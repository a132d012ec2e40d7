import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until this admin screen is built. */
export default function AdminUsersRoute() {
  return (
    <>
      <PageHeader title="User Management" description="Search developers and approve them for production access." />
      <PlaceholderPanel>The user list with search and approval is coming in the next release.</PlaceholderPanel>
    </>
  );
}
