import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIMITS, PRICE_PERIODS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { demoLicenseKeys, SEED_CATEGORIES } from './catalogue';
import { DEMO_APPS } from './demo-apps';
import { DEMO_DEVELOPERS } from './demo-developers';

const listed = DEMO_APPS.filter((a) => (a.type ?? 'public') === 'public' && a.is_approved !== false);

describe('seed categories', () => {
  it('are the spec slugs in the spec order with distinct colours', () => {
    expect(SEED_CATEGORIES.map((c) => c.slug)).toEqual([
      'patient-management',
      'appointment-scheduling',
      'billing-insurance',
      'clinical-tools',
      'analytics-reporting',
      'communication',
      'marketing',
      'education',
      'imaging-xray',
      'lab-integration',
      'inventory-management',
      'other',
    ]);
    expect(new Set(SEED_CATEGORIES.map((c) => c.color)).size).toBe(12);
    for (const c of SEED_CATEGORIES) expect(c.color).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('demo apps', () => {
  it('has at least 24 listed apps in every category but maybe other, and two unlisted ones', () => {
    expect(listed.length).toBeGreaterThanOrEqual(24);
    for (const c of SEED_CATEGORIES.filter((x) => x.slug !== 'other')) {
      expect(listed.some((a) => a.category_slug === c.slug)).toBe(true);
    }
    expect(
      DEMO_APPS.filter((a) => !listed.includes(a)).map((a) => [a.type ?? 'public', a.is_approved ?? true]),
    ).toEqual([
      ['internal', true],
      ['public', false],
    ]);
  });

  it('respects the spec limits and has realistic content', () => {
    const slugs = new Set<string>();
    for (const a of DEMO_APPS) {
      expect(slugs.has(a.slug)).toBe(false);
      slugs.add(a.slug);
      expect(a.slug).toMatch(/^[a-z0-9-]+$/);
      expect(a.tagline.length).toBeLessThanOrEqual(LIMITS.taglineMax);
      expect(a.short_description.length).toBeLessThanOrEqual(LIMITS.shortDescriptionMax);
      expect(SEED_CATEGORIES.some((c) => c.slug === a.category_slug)).toBe(true);
      expect(DEMO_DEVELOPERS.some((d) => d.id === a.developer)).toBe(true);
      expect(Number.isInteger(a.price_cents)).toBe(true);
      expect(a.pricing_model === 'free' ? a.price_cents === 0 : a.price_cents > 0).toBe(true);
      if (a.price_period) expect(PRICE_PERIODS).toContain(a.price_period);
      const icon = resolve('frontend/public/demo-icons', `${a.slug}.svg`);
      expect(existsSync(icon)).toBe(true);
      expect(readFileSync(icon, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    }
    for (const a of listed) {
      expect(a.key_features.length).toBeGreaterThanOrEqual(3);
      expect(a.key_features.length).toBeLessThanOrEqual(5);
      expect(a.demo_ratings.length).toBeGreaterThan(0);
      for (const r of a.demo_ratings) expect([1, 2, 3, 4, 5]).toContain(r);
    }
    const models = new Set(listed.map((a) => a.pricing_model));
    expect([...models].sort()).toEqual(['free', 'freemium', 'one_time', 'subscription', 'usage_based']);
  });

  it('uses fixed demo licence keys', () => {
    expect(demoLicenseKeys('x', 2)).toEqual(demoLicenseKeys('x', 2));
    for (const key of demoLicenseKeys('chartsmile-patient-hub', 3)) expect(key).toMatch(/^DEMO-[0-9A-F]{4}-\d{4}$/);
  });
});
