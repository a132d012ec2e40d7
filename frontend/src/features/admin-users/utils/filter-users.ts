import type { AdminUser } from '../../../../../shared/schemas/admin-users';

/** User Management search: email, full_name and company, case-insensitive (SPEC.md section 2). */
export function filterUsers(users: AdminUser[], query: string): AdminUser[] {
  const q = query.trim().toLowerCase();
  if (!q) return users;
  return users.filter((u) => [u.email, u.full_name, u.company].some((field) => field?.toLowerCase().includes(q)));
}

/** Admins always show as Pending and cannot be approved (SPEC.md section 4). */
export const isApprovedInList = (user: Pick<AdminUser, 'role' | 'is_approved'>) =>
  user.role !== 'admin' && user.is_approved;

export const canApprove = (user: Pick<AdminUser, 'role' | 'is_approved'>) => user.role !== 'admin' && !user.is_approved;
