import { AppCardSchema, AppSchema, PublicAppSchema } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import { APP_SECRET_FIELDS, type AppRecord } from './app';
import { centsToDollars, dollarsToCents, tagsFromString, toAppCard, toOwnerApp, toPublicApp } from './app-mappers';
import { appRecord } from './testing';

/** A subscription app with every licensing secret set (license_keys as an item read raw would carry it). */
const app: AppRecord & { license_keys: string[] } = {
  ...appRecord({
    id: 'a1',
    slug: 'smile',
    name: 'Smile',
    user_id: 'u1',
    description: 'Desc',
    category: 'Old Name',
    category_slug: 'marketing',
    tags: ['one', 'two'],
    screenshots: ['https://x/s.png'],
    key_features: ['f1'],
    pricing_model: 'subscription',
    price_cents: 1999,
    price_period: 'monthly',
    licensing_type: 'universal_code',
    universal_access_code: 'SECRET-CODE',
    licensing_instructions: 'SECRET-INSTRUCTIONS',
    webhook_license_url: 'https://secret.example.com',
    average_rating: 4.5,
    installations: 3,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
    version: 3,
  }),
  license_keys: ['SECRET-KEY'],
};

describe('app mappers', () => {
  it('never copy licensing secrets, however the record was loaded', () => {
    for (const out of [toAppCard(app), toPublicApp(app), toOwnerApp(app)]) {
      const text = JSON.stringify(out);
      for (const field of APP_SECRET_FIELDS) expect(out).not.toHaveProperty(field);
      expect(text).not.toContain('SECRET');
      expect(out).not.toHaveProperty('version');
      expect(out).not.toHaveProperty('price_cents');
    }
  });

  it('speak dollars, comma-separated tags, nulls for missing values, and the current category name', () => {
    const card = toAppCard(app, 'Marketing');
    expect(card).toMatchObject({
      price: 19.99,
      tags: 'one, two',
      category: 'Marketing',
      tagline: null,
      icon_url: null,
    });
    expect(toAppCard(app).category).toBe('Old Name');
    expect(AppCardSchema.strict().parse(card)).toEqual(card);
    expect(PublicAppSchema.strict().parse(toPublicApp(app))).toBeTruthy();
    expect(AppSchema.strict().parse(toOwnerApp(app)).is_suspended).toBe(false);
  });

  it('convert money and tags both ways', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(tagsFromString(' a, b ,, A ,c')).toEqual(['a', 'b', 'c']);
    expect(tagsFromString(undefined)).toEqual([]);
  });
});
