import { PermissionsSection } from '@/components/permissions/components/permissions-section';
import { AppManagement } from '@/features/admin-apps/components/app-management';
import { PendingLicencesButton } from '@/features/admin-licences/components/pending-licences-dialog';

/** /admin/apps: App Management (inside the admin layout), with the pending manual licences. */
export default function AdminAppsRoute() {
  return (
    <AppManagement
      actions={<PendingLicencesButton />}
      appPermissions={(appId) => <PermissionsSection appId={appId} scope="review" headingLevel="h3" />}
    />
  );
}
