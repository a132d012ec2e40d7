import { UserManagement } from '@/features/admin-users/components/user-management';

/** /admin/users (inside the admin layout). */
export default function AdminUsersRoute() {
  return <UserManagement />;
}
