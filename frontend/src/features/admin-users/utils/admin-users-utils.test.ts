import type { AdminUser } from '@shared/schemas/admin-users';
import { describe, expect, it } from 'vitest';
import { canApprove, isApprovedInList } from './filter-users';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 'u',
  full_name: 'Dana Developer',
  email: 'dana@example.com',
  company: 'Bright Smiles',
  role: 'developer',
  created_at: '2025-01-01T00:00:00Z',
  is_approved: false,
  status: 'pending',
  ...over,
});

describe('approval state in the list', () => {
  it('shows admins as Pending and never offers to approve them', () => {
    expect(isApprovedInList(user({ role: 'admin', is_approved: true }))).toBe(false);
    expect(canApprove(user({ role: 'admin', is_approved: false }))).toBe(false);
    expect(isApprovedInList(user({ is_approved: true }))).toBe(true);
    expect(canApprove(user({ is_approved: false }))).toBe(true);
    expect(canApprove(user({ is_approved: true, status: 'approved' }))).toBe(false);
  });

  it('never offers to approve a practice or an invited legacy account', () => {
    expect(canApprove(user({ role: 'practice', is_approved: true, status: 'approved' }))).toBe(false);
    expect(canApprove(user({ status: 'invited' }))).toBe(false);
  });
});
