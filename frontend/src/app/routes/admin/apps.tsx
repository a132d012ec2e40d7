import { AppManagement } from '../../../features/admin-apps/components/app-management';

/** /admin/apps: App Management (inside the admin layout). */
export default function AdminAppsRoute() {
  return <AppManagement />;
}
