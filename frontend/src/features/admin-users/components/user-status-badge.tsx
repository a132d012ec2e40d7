import { Badge } from '@chakra-ui/react';
import type { AdminUser } from '@shared/schemas/admin-users';
import { isApprovedInList } from '../utils/filter-users';

/** Approved (green) or Pending (yellow); admins always read Pending (docs/spec.md section 4). */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'role' | 'is_approved' | 'status'> }) {
  if (user.status === 'invited') {
    return (
      <Badge colorPalette="blue" variant="subtle">
        Invited
      </Badge>
    );
  }
  return isApprovedInList(user) ? (
    <Badge colorPalette="green" variant="subtle">
      Approved
    </Badge>
  ) : (
    <Badge colorPalette="yellow" variant="subtle">
      Pending
    </Badge>
  );
}
