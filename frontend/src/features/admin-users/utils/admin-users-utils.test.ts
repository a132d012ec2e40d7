import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../../shared/schemas/admin-users';
import { canApprove, isApprovedInList } from './filter-users';
import { statusTone } from './status-tone';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 'u',
  full_name: 'Dana Developer',
  email: 'dana@example.com',
  company: 'Bright Smiles',
  role: 'developer',
  created_at: '2025-01-01T00:00:00Z',
  is_approved: false,
  ...over,
});

describe('approval state in the list', () => {
  it('shows admins as Pending and never offers to approve them', () => {
    expect(isApprovedInList(user({ role: 'admin', is_approved: true }))).toBe(false);
    expect(canApprove(user({ role: 'admin', is_approved: false }))).toBe(false);
    expect(isApprovedInList(user({ is_approved: true }))).toBe(true);
    expect(canApprove(user({ is_approved: false }))).toBe(true);
    expect(canApprove(user({ is_approved: true }))).toBe(false);
  });
});

describe('statusTone', () => {
  it('colours 2xx green, 4xx yellow, 5xx red and 0 or missing Failed in grey', () => {
    expect(statusTone(200)).toEqual({ label: '200', palette: 'green' });
    expect(statusTone(299).palette).toBe('green');
    expect(statusTone(404)).toEqual({ label: '404', palette: 'yellow' });
    expect(statusTone(500).palette).toBe('red');
    expect(statusTone(503).palette).toBe('red');
    expect(statusTone(0)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(null)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(undefined)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(302).palette).toBe('gray');
  });
});
