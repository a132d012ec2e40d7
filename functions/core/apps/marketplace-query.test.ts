import { describe, expect, it } from 'vitest';
import { MarketplaceQuerySchema } from '../../../shared/schemas/apps';
import {
  DEFAULT_MARKETPLACE_QUERY,
  decodeOffsetCursor,
  encodeOffsetCursor,
  matchesQuery,
  paginate,
  sortApps,
} from './marketplace-query';

const app = (id: string, name: string, price_cents: number, average_rating: number, review_count = 0) => ({
  id,
  name,
  price_cents,
  average_rating,
  review_count,
});

describe('DEFAULT_MARKETPLACE_QUERY', () => {
  it('is what the API makes of a list request without parameters', () => {
    expect(DEFAULT_MARKETPLACE_QUERY).toStrictEqual(MarketplaceQuerySchema.parse({}));
  });
});

describe('matchesQuery', () => {
  const a = { name: 'ChairTime Scheduler', description: 'Smart scheduling', short_description: 'Fill every chair' };
  it('matches name, description or short description, case-insensitively', () => {
    expect(matchesQuery(a, 'chairtime')).toBe(true);
    expect(matchesQuery(a, 'SMART')).toBe(true);
    expect(matchesQuery(a, 'every chair')).toBe(true);
    expect(matchesQuery(a, 'billing')).toBe(false);
    expect(matchesQuery(a, '  ')).toBe(true);
    expect(matchesQuery(a, undefined)).toBe(true);
    expect(matchesQuery({ name: 'X' } as never, 'y')).toBe(false);
  });
});

describe('sortApps', () => {
  const apps = [
    app('1', 'Bravo', 500, 4.5, 10),
    app('2', 'alpha', 0, 4.5, 20),
    app('3', 'Charlie', 500, 3.9),
    app('4', 'delta', 100, 4.9),
  ];
  const names = (xs: Array<{ name: string }>) => xs.map((x) => x.name);

  it('sorts by name case-insensitively', () => {
    expect(names(sortApps(apps, 'name'))).toEqual(['alpha', 'Bravo', 'Charlie', 'delta']);
  });
  it('sorts by price both ways, ties by name', () => {
    expect(names(sortApps(apps, 'price_low'))).toEqual(['alpha', 'delta', 'Bravo', 'Charlie']);
    expect(names(sortApps(apps, 'price_high'))).toEqual(['Bravo', 'Charlie', 'delta', 'alpha']);
  });
  it('sorts by rating, ties by review count then name', () => {
    expect(names(sortApps(apps, 'rating'))).toEqual(['delta', 'alpha', 'Bravo', 'Charlie']);
  });
  it('keeps index order for name when told it is already sorted, and never mutates', () => {
    const copy = [...apps];
    expect(sortApps(apps, 'name', true)).toEqual(apps);
    sortApps(apps, 'rating');
    expect(apps).toEqual(copy);
  });
});

describe('cursors and pages', () => {
  it('round-trips offsets and rejects anything else', () => {
    expect(decodeOffsetCursor(encodeOffsetCursor(42))).toBe(42);
    expect(decodeOffsetCursor(undefined)).toBe(0);
    for (const bad of [
      'garbage',
      encodeOffsetCursor(-1),
      Buffer.from('{"o":1.5}').toString('base64url'),
      Buffer.from('[]').toString('base64url'),
    ]) {
      expect(() => decodeOffsetCursor(bad)).toThrow('Invalid cursor');
    }
  });

  it('pages through a list without gaps or overlaps', () => {
    const all = Array.from({ length: 7 }, (_, i) => i);
    const p1 = paginate(all, 3, undefined);
    expect(p1).toMatchObject({ items: [0, 1, 2], total: 7 });
    const p2 = paginate(all, 3, p1.next_cursor ?? undefined);
    const p3 = paginate(all, 3, p2.next_cursor ?? undefined);
    expect([...p2.items, ...p3.items]).toEqual([3, 4, 5, 6]);
    expect(p3.next_cursor).toBeNull();
    expect(paginate([], 5, undefined)).toEqual({ items: [], next_cursor: null, total: 0 });
  });
});
