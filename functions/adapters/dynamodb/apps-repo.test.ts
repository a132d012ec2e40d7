import { describe, expect, it } from 'vitest';
import { emptyRatingCounts } from '../../core/apps/app';
import { appRecord } from '../../core/apps/testing';
import { appIndexAttributes, appIndexUpdate, counterChanges, fromAppItem, toAppItem } from './apps-repo';

const app = appRecord({
  id: 'a1',
  slug: 'smile',
  name: 'Smile Pay',
  user_id: 'u1',
  category: 'Marketing',
  category_slug: 'marketing',
  tags: ['x'],
  price_cents: 100,
  practice_systems: ['open_dental'],
  review_count: 0,
  rating_counts: emptyRatingCounts(),
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 2,
});

describe('app index attributes', () => {
  it('puts marketplace-eligible apps in MARKET and MARKETCAT#, by name', () => {
    expect(appIndexAttributes(app)).toEqual({
      GSI1PK: 'OWNER#u1',
      GSI1SK: 'APP#2025-01-01T00:00:00.000Z#a1',
      GSI2PK: 'MARKET',
      GSI2SK: 'smile pay #a1',
      GSI3PK: 'MARKETCAT#marketing',
      GSI3SK: 'smile pay #a1',
    });
  });

  it('moves every other app to APPS and CATAPPS#', () => {
    for (const change of [
      { is_approved: false },
      { is_suspended: true },
      { type: 'internal' as const },
      { type: 'partner' as const },
    ]) {
      const attrs = appIndexAttributes({ ...app, ...change });
      expect(attrs.GSI2PK).toBe('APPS');
      expect(attrs.GSI2SK).toBe('2025-01-01T00:00:00.000Z#a1');
      expect(attrs.GSI3PK).toBe('CATAPPS#marketing');
    }
  });

  it('leaves GSI3 out (and removes it on update) for an app without a category', () => {
    const noCategory = { ...app, category_slug: undefined };
    expect(appIndexAttributes(noCategory)).not.toHaveProperty('GSI3PK');
    const update = appIndexUpdate(noCategory);
    expect(update.remove).toEqual(['#ix_GSI3PK', '#ix_GSI3SK']);
    expect(update.set).toContain('#ix_GSI2PK = :ix_GSI2PK');
    expect(update.values[':ix_GSI2PK']).toBe('MARKET');
  });
});

describe('app item mapping', () => {
  it('never writes the counters and derives average and count from the stored stars', () => {
    const item = toAppItem({ ...app, installations: 99, average_rating: 5 });
    expect(item).not.toHaveProperty('installations');
    expect(item).not.toHaveProperty('average_rating');
    const back = fromAppItem({ ...item, installations: 3, stars_5: 2, stars_4: 1, stars_1: -1 });
    expect(back.installations).toBe(3);
    expect(back.review_count).toBe(3);
    expect(back.average_rating).toBe(4.67);
    expect(back.rating_counts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 });
  });

  it('round-trips the domain fields and drops everything else (index keys, stray secrets)', () => {
    const item = { ...toAppItem(app), license_keys: ['SECRET'], password_hash: 'x' };
    expect(item).toMatchObject({ PK: 'APP#a1', SK: 'APP', entity: 'App', GSI2PK: 'MARKET' });
    const back = fromAppItem(item);
    expect(back).toEqual(app);
    expect(back).not.toHaveProperty('license_keys');
    expect(back).not.toHaveProperty('PK');
  });

  it('fills defaults for items written without optional attributes', () => {
    const back = fromAppItem({
      id: 'b',
      slug: 'b',
      name: 'B',
      type: 'public',
      user_id: 'u',
      created_at: 'c',
      updated_at: 'u',
    });
    expect(back).toMatchObject({
      tags: [],
      key_features: [],
      price_cents: 0,
      is_approved: false,
      is_suspended: false,
      version: 0,
    });
  });
});

describe("App Management's counters move in the app write's transaction", () => {
  /** The APPCOUNTS moves of a change: attribute name -> delta. */
  const moves = (before: typeof app | undefined, after: typeof app | undefined) => {
    const out: Record<string, number> = {};
    for (const item of counterChanges(before, after)) {
      const u = item.Update;
      if (u?.Key?.PK !== 'APPCOUNTS') continue;
      for (const [ref, delta] of [
        ['#was', ':down'],
        ['#now', ':up'],
      ] as const) {
        const name = u.ExpressionAttributeNames?.[ref];
        if (name) out[name] = Number(u.ExpressionAttributeValues?.[delta]);
      }
    }
    return out;
  };
  const pending = { ...app, is_approved: false };

  it('a created app counts under its type and status, a deleted one leaves it', () => {
    expect(moves(undefined, pending)).toEqual({ 'marketplace|Pending Review': 1 });
    expect(moves({ ...app, type: 'internal' }, undefined)).toEqual({ 'internal|Active': -1 });
  });

  it('approval and suspension move the app from one status to the other; an edit moves nothing', () => {
    expect(moves(pending, app)).toEqual({ 'marketplace|Pending Review': -1, 'marketplace|Published': 1 });
    expect(moves(app, { ...app, is_suspended: true })).toEqual({
      'marketplace|Published': -1,
      'marketplace|Suspended': 1,
    });
    expect(moves(app, { ...app, name: 'Renamed' })).toEqual({});
  });
});
