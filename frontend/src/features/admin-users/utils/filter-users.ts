import type { AdminUser } from '../../../../../shared/schemas/admin-users';

// The search itself runs on the server (shared/schemas/admin-lists.ts matchesUserSearch).
/** Admins always show as Pending and cannot be approved (docs/spec.md section 4). */
export const isApprovedInList = (user: Pick<AdminUser, 'role' | 'is_approved'>) =>
  user.role !== 'admin' && user.is_approved;

export const canApprove = (user: Pick<AdminUser, 'role' | 'is_approved'>) => user.role !== 'admin' && !user.is_approved;
