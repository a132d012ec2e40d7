import { PermissionsSection } from '../../../components/data-access/components/permissions-section';
import { AppManagement } from '../../../features/admin-apps/components/app-management';
import { PendingLicencesButton } from '../../../features/admin-licences/components/pending-licences-dialog';

/** /admin/apps: App Management (inside the admin layout), with the pending manual licences. */
export default function AdminAppsRoute() {
  return (
    <AppManagement
      actions={<PendingLicencesButton />}
      dataAccess={(appId) => <PermissionsSection appId={appId} scope="review" headingLevel="h3" />}
    />
  );
}
