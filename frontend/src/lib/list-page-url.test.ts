import { describe, expect, it } from 'vitest';
import { listPageUrl } from './list-page-url';

describe('listPageUrl', () => {
  it('keeps the set parameters in order, trimmed and encoded, then the cursor', () => {
    expect(listPageUrl('/api/admin/users', { limit: 20, q: '  a&b ', status: 'pending' }, 'c/1')).toBe(
      '/api/admin/users?limit=20&q=a%26b&status=pending&cursor=c%2F1',
    );
  });

  it('leaves out empty, blank, undefined and null parameters, and the cursor of the first page', () => {
    expect(listPageUrl('/api/admin/audit', { actor: ' ', action: undefined, to: null, limit: 25 }, null)).toBe(
      '/api/admin/audit?limit=25',
    );
  });
});
