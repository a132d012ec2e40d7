import type { AdminUser } from '@shared/schemas/admin-users';

// The search itself runs on the server (shared/schemas/admin-lists.ts matchesUserSearch).
/** Admins always show as Pending and cannot be approved (docs/spec.md section 4). */
export const isApprovedInList = (user: Pick<AdminUser, 'role' | 'is_approved'>) =>
  user.role !== 'admin' && user.is_approved;

/** Only a developer awaiting approval (never a practice, an admin or an invited legacy account). */
export const canApprove = (user: Pick<AdminUser, 'role' | 'is_approved' | 'status'>) =>
  user.role === 'developer' && user.status === 'pending';
