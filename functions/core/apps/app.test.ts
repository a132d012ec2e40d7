import { describe, expect, it } from 'vitest';
import { appNameSortKey, isListed, isMarketEligible } from './app';

describe('marketplace visibility', () => {
  const base = { type: 'public', is_approved: true, is_suspended: false, category_slug: 'marketing' } as const;
  const active = new Set(['marketing']);

  it('lists only approved, unsuspended public apps of an active category', () => {
    expect(isListed(base, active)).toBe(true);
    expect(isListed({ ...base, is_approved: false }, active)).toBe(false);
    expect(isListed({ ...base, is_suspended: true }, active)).toBe(false);
    expect(isListed({ ...base, type: 'internal' }, active)).toBe(false);
    expect(isListed({ ...base, type: 'partner' }, active)).toBe(false);
    expect(isListed({ ...base, category_slug: 'education' }, active)).toBe(false);
    expect(isListed({ ...base, category_slug: undefined }, active)).toBe(false);
  });

  it('keeps category activity out of index eligibility', () => {
    expect(isMarketEligible(base)).toBe(true);
    expect(isMarketEligible({ ...base, is_suspended: true })).toBe(false);
  });
});

describe('appNameSortKey', () => {
  const sorted = (names: string[]) =>
    names
      .map((name, i) => ({ name, key: appNameSortKey(name, `id${i}`) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((x) => x.name);

  it('orders case- and accent-insensitively, shorter names first', () => {
    expect(sorted(['abc2', 'Abc Dental', 'zeta', 'Abc', 'Éclair', 'eagle', 'ABD'])).toEqual([
      'Abc',
      'Abc Dental',
      'abc2',
      'ABD',
      'eagle',
      'Éclair',
      'zeta',
    ]);
  });

  it('breaks ties by id and ignores punctuation', () => {
    expect(appNameSortKey('Smile-Pay!', 'b')).toBe('smile pay #b');
    expect(appNameSortKey('smile pay', 'a') < appNameSortKey('Smile-Pay!', 'b')).toBe(true);
  });
});
