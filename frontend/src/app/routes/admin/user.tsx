import { useParams } from 'react-router-dom';
import { UserDetail } from '@/features/admin-users/components/user-detail';

/** /admin/users/:id (inside the admin layout). */
export default function AdminUserRoute() {
  const { id = '' } = useParams();
  // Keyed by id so moving between users starts from a clean slate.
  return <UserDetail key={id} id={id} />;
}
