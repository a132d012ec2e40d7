import { DEFAULT_MARKETPLACE_QUERY, SORT_OPTIONS } from '@shared/constants';
import { MarketplaceQuerySchema } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import type { AppRecord } from './app';
import { decodeListingCursor, encodeListingCursor, type Listing, loadListing, snapshotOf } from './listing';
import { appRecord, categoryRecord } from './testing';

const cats = [
  categoryRecord('a', 'Alpha'),
  categoryRecord('b', 'Beta'),
  categoryRecord('off', 'Off', { is_active: false }),
];

const app = (id: string, name: string, extra: Partial<AppRecord> = {}) =>
  appRecord({ id, name, category_slug: 'a', ...extra });

const apps = [
  app('1', 'Bravo', { price_cents: 500, average_rating: 4.5, review_count: 10 }),
  app('2', 'alpha', { price_cents: 0, average_rating: 4.5, review_count: 20, category_slug: 'b' }),
  app('3', 'Charlie', { price_cents: 500, average_rating: 3.9, practice_systems: ['open_dental'] }),
  app('4', 'delta', { price_cents: 100, average_rating: 4.9, description: 'Needle in here' }),
  app('5', 'Hidden', { category_slug: 'off' }),
];

const listing = loadListing(snapshotOf(apps, cats, 3, '2026-01-01T00:00:00Z'));
const names = (l: Listing, q: Parameters<Listing['page']>[0], limit = 100) =>
  l.page(q, { limit, maxBytes: 1_000_000 }).cards.map((c) => c.name);

/** Every card of a query, page by page through the cursors. */
function walk(l: Listing, q: Parameters<Listing['page']>[0], limit: number, maxBytes = 1_000_000) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = l.page(q, { limit, cursor, maxBytes });
    seen.push(...page.cards.map((c) => c.name));
    if (!page.next_cursor) return seen;
    cursor = page.next_cursor;
  }
  throw new Error('no last page');
}

describe('DEFAULT_MARKETPLACE_QUERY', () => {
  it('is what the API makes of a list request without parameters', () => {
    expect(DEFAULT_MARKETPLACE_QUERY).toStrictEqual(MarketplaceQuerySchema.parse({}));
  });
});

describe('the marketplace listing', () => {
  it('holds the listed apps only (active categories), with the category names of today', () => {
    expect(listing.size).toBe(4);
    expect(listing.version).toBe(3);
    expect(listing.cards().find((c) => c.id === '2')?.category).toBe('Beta');
  });

  it('sorts by name case-insensitively, by price both ways and by rating, ties by name', () => {
    expect(names(listing, { sort: 'name' })).toEqual(['alpha', 'Bravo', 'Charlie', 'delta']);
    expect(names(listing, { sort: 'price_low' })).toEqual(['alpha', 'delta', 'Bravo', 'Charlie']);
    expect(names(listing, { sort: 'price_high' })).toEqual(['Bravo', 'Charlie', 'delta', 'alpha']);
    expect(names(listing, { sort: 'rating' })).toEqual(['delta', 'alpha', 'Bravo', 'Charlie']);
  });

  it('searches name and descriptions case-insensitively and filters by category and practice system', () => {
    expect(names(listing, { sort: 'name', q: 'NEEDLE' })).toEqual(['delta']);
    expect(names(listing, { sort: 'name', q: '  ' })).toHaveLength(4);
    expect(names(listing, { sort: 'name', categorySlug: 'b' })).toEqual(['alpha']);
    expect(names(listing, { sort: 'name', worksWith: 'open_dental' })).toEqual(['Charlie']);
    expect(listing.page({ sort: 'name', categorySlug: 'off' }, { limit: 10, maxBytes: 1e6 }).total).toBe(0);
  });

  it('pages through every sort without gaps or repeats, and counts every match', () => {
    for (const sort of SORT_OPTIONS) {
      expect(walk(listing, { sort }, 1)).toEqual(names(listing, { sort }));
      expect(walk(listing, { sort }, 3)).toEqual(names(listing, { sort }));
      expect(listing.page({ sort }, { limit: 1, maxBytes: 1e6 }).total).toBe(4);
    }
  });

  it('ends a page early past its byte budget (never empty), with a cursor to the rest', () => {
    const page = listing.page({ sort: 'name' }, { limit: 100, maxBytes: 10 });
    expect(page.cards).toHaveLength(1);
    expect(page.next_cursor).not.toBeNull();
    expect(walk(listing, { sort: 'name' }, 100, 10)).toEqual(names(listing, { sort: 'name' }));
  });

  it('goes on after the last card shown when the listing changed in between', () => {
    const first = listing.page({ sort: 'name' }, { limit: 2, maxBytes: 1e6 });
    const changed = loadListing(snapshotOf([...apps, app('6', 'Aardvark'), app('7', 'Bz')], cats, 4, ''));
    const next = changed.page({ sort: 'name' }, { limit: 10, maxBytes: 1e6, cursor: first.next_cursor ?? '' });
    expect(next.cards.map((c) => c.name)).toEqual(['Bz', 'Charlie', 'delta']);
  });

  it('refuses a cursor of another sort or a made-up one', () => {
    const cursor = encodeListingCursor('name', 'x');
    expect(decodeListingCursor(cursor, 'name')).toBe('x');
    expect(() => decodeListingCursor(cursor, 'rating')).toThrow('Invalid cursor');
    expect(() => decodeListingCursor('garbage', 'name')).toThrow('Invalid cursor');
    expect(() => listing.page({ sort: 'price_low' }, { limit: 1, maxBytes: 1e6, cursor })).toThrow('Invalid cursor');
  });
  it('answers a repeated or paged search from its kept matches, the same as a fresh listing, past the kept number of searches', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      app(`m${i}`, `App ${i}`, {
        price_cents: (i * 37) % 900,
        average_rating: (i % 5) + 0.5,
        description: `tag${i % 7} word${i % 11}`,
        category_slug: i % 3 ? 'a' : 'b',
        practice_systems: i % 4 ? [] : ['open_dental'],
      }),
    );
    const snapshot = snapshotOf(many, cats, 9, '');
    const kept = loadListing(snapshot);
    const queries = [
      ...Array.from({ length: 80 }, (_, i) => ({
        q: `word${i % 11}`,
        sort: SORT_OPTIONS[i % 4] as (typeof SORT_OPTIONS)[number],
      })),
      ...Array.from({ length: 30 }, (_, i) => ({
        q: `tag${i % 7}`,
        categorySlug: i % 2 ? 'a' : 'b',
        sort: SORT_OPTIONS[i % 4] as (typeof SORT_OPTIONS)[number],
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        worksWith: 'open_dental',
        categorySlug: i % 2 ? 'a' : undefined,
        sort: SORT_OPTIONS[i % 4] as (typeof SORT_OPTIONS)[number],
      })),
    ];
    for (const round of [1, 2])
      for (const q of queries) {
        const fresh = loadListing(snapshot);
        const expected = walk(fresh, q, 1000);
        expect(walk(kept, q, 7), `round ${round} ${JSON.stringify(q)}`).toEqual(expected);
        expect(kept.page(q, { limit: 3, maxBytes: 1e6 }).total).toBe(expected.length);
      }
  });
});
