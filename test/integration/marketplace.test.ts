/**
 * The public marketplace over HTTP: categories, the app list (search, category filter, sorts,
 * paging), the category page and the app detail, against the seeded demo catalogue plus apps
 * this file writes straight through the repository (unique per run, since test files share one
 * database). The core promise checked throughout: only approved, public, unsuspended apps in
 * active categories are ever visible, and no licensing secret ever leaves the server.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AppCard,
  AppCardSchema,
  type CategoryApps,
  type MarketplacePage,
  PublicAppSchema,
} from '@shared/schemas/apps';
import { type Category, CategoryListSchema } from '@shared/schemas/categories';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_CATEGORIES } from '../../bin/seed/catalogue';
import { DEMO_APPS } from '../../bin/seed/demo-apps';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { type AppRecord, appNameSortKey } from '../../functions/core/apps/app';
import { appRecord } from '../../functions/core/apps/testing';
import { adminToken, api, catalogueShows, newDeveloper } from '../support/api';
import { must } from '../support/must';

const repo = new DynamoAppsRepository();
const run = randomUUID().slice(0, 8);
const SECRET_KEYS = ['license_keys', 'universal_access_code', 'webhook_license_url', 'licensing_instructions'];
const SECRET_VALUE = `TOPSECRET-${run}`;

const listedDemo = DEMO_APPS.filter((d) => (d.type ?? 'public') === 'public' && d.is_approved !== false);
const unlistedDemo = DEMO_APPS.filter((d) => !listedDemo.includes(d));

function testApp(label: string, overrides: Partial<AppRecord> = {}): AppRecord {
  const id = `mkt-${run}-${label}`;
  return appRecord({
    id,
    slug: `${id}-slug`,
    name: `Mkt ${run} ${label}`,
    user_id: 'mkt-owner',
    description: `Test app ${label} of run ${run}`,
    short_description: `Short ${label}`,
    category: 'Clinical Tools',
    category_slug: 'clinical-tools',
    tags: ['alpha', 'beta'],
    key_features: ['One', 'Two'],
    pricing_model: 'one_time',
    price_cents: 1000,
    licensing_type: 'universal_code',
    universal_access_code: SECRET_VALUE,
    licensing_instructions: SECRET_VALUE,
    webhook_license_url: `https://${SECRET_VALUE}.example.com/hook`,
    average_rating: 4,
    installations: 10,
    ...overrides,
  });
}

const hidden = {
  unapproved: testApp('unapproved', { is_approved: false }),
  internal: testApp('internal', { type: 'internal' }),
  partner: testApp('partner', { type: 'partner' }),
  suspended: testApp('suspended', { is_suspended: true }),
};
const visible = testApp('visible', { long_description: 'Long text', website_url: 'https://vendor.example.com' });
/** Seven listed apps with distinct prices and ratings, to page through with q=<run>. */
const pageable = Array.from({ length: 7 }, (_, i) =>
  testApp(`page${i}`, {
    name: `Mkt ${run} Page ${String.fromCharCode(71 - i)}`,
    price_cents: [500, 0, 2500, 1500, 9900, 100, 4000][i] as number,
    category_slug: i % 2 ? 'communication' : 'marketing',
    category: i % 2 ? 'Communication' : 'Marketing',
  }),
);

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const key of SECRET_KEYS) expect(text).not.toContain(`"${key}"`);
  expect(text).not.toContain(SECRET_VALUE);
  for (const d of DEMO_APPS) {
    if (d.licensing.type === 'universal_code') expect(text).not.toContain(d.licensing.code);
    if (d.licensing.type === 'manual') expect(text).not.toContain(d.licensing.instructions);
  }
  expect(text).not.toMatch(/DEMO-[0-9A-F]{4}-\d{4}/);
}

const isSortedByName = (apps: Array<{ name: string; id: string }>) =>
  apps.every((a, i) => {
    const before = apps[i - 1];
    return !before || appNameSortKey(before.name, before.id) <= appNameSortKey(a.name, a.id);
  });

/**
 * Ten reviews per pageable app, as the reviews repository counts them (stars_<n> on the app item):
 * averages 4.1, 3.9, 4.8, 4.5, 4.2, 4.9, 4.0.
 */
const STARS: Array<Record<string, number>> = [
  { stars_5: 1, stars_4: 9 },
  { stars_4: 9, stars_3: 1 },
  { stars_5: 8, stars_4: 2 },
  { stars_5: 5, stars_4: 5 },
  { stars_5: 2, stars_4: 8 },
  { stars_5: 9, stars_4: 1 },
  { stars_4: 10 },
];

beforeAll(async () => {
  for (const app of [...Object.values(hidden), visible, ...pageable]) await repo.create(app);
  for (const [i, app] of pageable.entries()) {
    const stars = STARS[i] as Record<string, number>;
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `APP#${app.id}`, SK: 'APP' },
        UpdateExpression: `SET ${Object.keys(stars)
          .map((k) => `${k} = :${k}`)
          .join(', ')}`,
        ExpressionAttributeValues: Object.fromEntries(Object.entries(stars).map(([k, v]) => [`:${k}`, v])),
      }),
    );
  }
  // The last app written: once it shows, so does everything written before it (hidden ones hidden).
  await catalogueShows(pageable.at(-1) as AppRecord);
});

describe('GET /api/categories', () => {
  it('lists the 12 seeded categories in display order with listed-app counts, cacheable', async () => {
    const res = await api('GET', '/api/categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const categories = CategoryListSchema.parse(res.body);
    const seeded = categories.filter((c) => SEED_CATEGORIES.some((s) => s.slug === c.slug));
    expect(seeded.map((c) => c.slug)).toEqual(SEED_CATEGORIES.map((s) => s.slug));
    for (const c of seeded) {
      const demoCount = listedDemo.filter((d) => d.category_slug === c.slug).length;
      expect(c.app_count).toBeGreaterThanOrEqual(demoCount);
      expect(c.is_active).toBe(true);
      expect(c.icon).toMatch(/^Lu/);
    }
    expect(seeded.find((c) => c.slug === 'imaging-xray')?.name).toBe('Imaging & X-Ray');
    for (let i = 1; i < categories.length; i++) {
      expect(must(categories[i]).display_order).toBeGreaterThanOrEqual(must(categories[i - 1]).display_order);
    }
  });

  it('counts only listed apps (hidden test apps in clinical-tools are not counted)', async () => {
    const res = await api<Category[]>('GET', '/api/categories');
    const clinical = must(
      res.body.find((c) => c.slug === 'clinical-tools'),
      'the clinical-tools category',
    );
    const list = await api<AppCard[]>('GET', '/api/marketplace/apps?category=clinical-tools');
    expect(clinical.app_count).toBe(list.body.length);
  });
});

describe('GET /api/marketplace/apps', () => {
  it('answers a plain array of approved public apps sorted by name, with card fields only', async () => {
    const res = await api<AppCard[]>('GET', '/api/marketplace/apps');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(Array.isArray(res.body)).toBe(true);
    // Past the cap the plain array holds the first apps and Link names the next page: walk them all.
    const all = [...res.body];
    let next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    while (next) {
      const page = await api<{ items: AppCard[]; next_cursor: string | null }>(
        'GET',
        next.replace(/^https?:\/\/[^/]+/, ''),
      );
      expect(page.status).toBe(200);
      all.push(...page.body.items);
      next = page.body.next_cursor
        ? `/api/marketplace/apps?limit=100&cursor=${encodeURIComponent(page.body.next_cursor)}`
        : undefined;
    }
    expect(all.length).toBe(Number(res.headers.get('x-total-count') ?? all.length));
    const slugs = all.map((a) => a.slug);
    for (const d of listedDemo) expect(slugs).toContain(d.slug);
    for (const d of unlistedDemo) expect(slugs).not.toContain(d.slug);
    expect(slugs).toContain(visible.slug);
    expect(isSortedByName(all)).toBe(true);
    for (const app of all) {
      expect(AppCardSchema.strict().safeParse(app).success).toBe(true);
      expect(app.type).toBe('public');
    }
    expectNoSecrets(res.body);
  });

  it('shows money in dollars and tags as a comma-separated string', async () => {
    const res = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${run}%20visible`);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ price: 10, tags: 'alpha, beta', category: 'Clinical Tools' });
    const perio = (await api<AppCard[]>('GET', '/api/marketplace/apps?q=PerioChart')).body[0];
    expect(perio).toMatchObject({ price: 499, pricing_model: 'one_time', company_name: 'BrightSmile Software' });
  });

  it('never shows unapproved, internal, partner or suspended apps, however it is asked', async () => {
    const queries = [
      '',
      `?q=${run}`,
      '?category=clinical-tools',
      '?category=Clinical%20Tools&sort=rating',
      '?sort=price_high&limit=100',
      `?q=${run}&limit=2`,
    ];
    for (const q of queries) {
      const res = await api<AppCard[] | MarketplacePage>('GET', `/api/marketplace/apps${q}`);
      expect(res.status).toBe(200);
      const items = Array.isArray(res.body) ? res.body : res.body.items;
      const ids = items.map((a) => a.id);
      for (const app of Object.values(hidden)) expect(ids).not.toContain(app.id);
      expectNoSecrets(res.body);
    }
    const category = await api<CategoryApps>('GET', '/api/marketplace/apps/category/clinical-tools');
    expect(category.status).toBe(200);
    const ids = category.body.apps.map((a) => a.id);
    expect(ids).toContain(visible.id);
    for (const app of Object.values(hidden)) expect(ids).not.toContain(app.id);
    for (const app of Object.values(hidden)) {
      for (const key of [app.slug, app.id]) {
        const res = await api('GET', `/api/marketplace/apps/by-slug/${key}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'App not found' });
      }
    }
  });

  it('searches name and description case-insensitively', async () => {
    const byName = await api<AppCard[]>('GET', `/api/marketplace/apps?q=MKT%20${run.toUpperCase()}%20VISIBLE`);
    expect(byName.body.map((a) => a.id)).toEqual([visible.id]);
    const byDescription = await api<AppCard[]>(
      'GET',
      `/api/marketplace/apps?q=test%20app%20visible%20of%20run%20${run}`,
    );
    expect(byDescription.body.map((a) => a.id)).toEqual([visible.id]);
    const none = await api('GET', `/api/marketplace/apps?q=no-such-app-${run}`);
    expect(none.body).toEqual([]);
  });

  it('filters by category slug or name; an unknown category gives an empty list', async () => {
    const bySlug = await api<AppCard[]>('GET', '/api/marketplace/apps?category=imaging-xray');
    const byName = await api('GET', '/api/marketplace/apps?category=imaging%20%26%20x-ray');
    expect(bySlug.body.length).toBeGreaterThanOrEqual(2);
    expect(byName.body).toEqual(bySlug.body);
    for (const app of bySlug.body)
      expect(app).toMatchObject({ category_slug: 'imaging-xray', category: 'Imaging & X-Ray' });
    expect((await api('GET', '/api/marketplace/apps?category=nope')).body).toEqual([]);
  });

  it('sorts by price and rating', async () => {
    const q = `q=${run}%20page`;
    const low = (await api<AppCard[]>('GET', `/api/marketplace/apps?${q}&sort=price_low`)).body;
    expect(low.map((a) => a.price)).toEqual([0, 1, 5, 15, 25, 40, 99]);
    const high = (await api<AppCard[]>('GET', `/api/marketplace/apps?${q}&sort=price_high`)).body;
    expect(high.map((a) => a.price)).toEqual([99, 40, 25, 15, 5, 1, 0]);
    const rating = (await api<AppCard[]>('GET', `/api/marketplace/apps?${q}&sort=rating`)).body;
    expect(rating.map((a) => a.average_rating)).toEqual([4.9, 4.8, 4.5, 4.2, 4.1, 4.0, 3.9]);
    const byName = (await api<AppCard[]>('GET', `/api/marketplace/apps?${q}&sort=name`)).body;
    expect(byName.map((a) => a.name.slice(-1))).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    const all = (await api<AppCard[]>('GET', '/api/marketplace/apps?sort=rating')).body;
    for (let i = 1; i < all.length; i++)
      expect(must(all[i]).average_rating).toBeLessThanOrEqual(must(all[i - 1]).average_rating);
  });

  it('pages with limit and cursor: {items, next_cursor, total}, no overlaps, same order', async () => {
    for (const sort of ['name', 'price_high']) {
      const whole = (await api<AppCard[]>('GET', `/api/marketplace/apps?q=${run}%20page&sort=${sort}`)).body;
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const qs: string = `q=${run}%20page&sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await api<MarketplacePage>('GET', `/api/marketplace/apps?${qs}`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(7);
        expect(res.body.items.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.items.map((a) => a.id));
        cursor = res.body.next_cursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(whole.map((a) => a.id));
    }
    const first = await api('GET', '/api/marketplace/apps?limit=5');
    expect(first.body.items).toHaveLength(5);
    expect(first.body.total).toBeGreaterThanOrEqual(listedDemo.length);
    expect(typeof first.body.next_cursor).toBe('string');
  });

  it('rejects bad paging and sort parameters with a detail', async () => {
    for (const qs of ['limit=0', 'limit=101', 'limit=abc', 'cursor=garbage', 'sort=popular']) {
      const res = await api('GET', `/api/marketplace/apps?${qs}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});

describe('GET /api/marketplace/apps/category/{slug}', () => {
  it('answers the category and its listed apps, cacheable', async () => {
    const res = await api<CategoryApps>('GET', '/api/marketplace/apps/category/patient-management');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(res.body.category).toMatchObject({
      slug: 'patient-management',
      name: 'Patient Management',
      is_active: true,
    });
    expect(res.body.category.app_count).toBe(res.body.apps.length);
    const slugs = res.body.apps.map((a) => a.slug);
    for (const d of listedDemo.filter((a) => a.category_slug === 'patient-management')) expect(slugs).toContain(d.slug);
    for (const app of res.body.apps) expect(app.category_slug).toBe('patient-management');
    expect(isSortedByName(res.body.apps)).toBe(true);
    expectNoSecrets(res.body);
  });

  it('answers 404 Category not found for an unknown slug', async () => {
    const res = await api('GET', '/api/marketplace/apps/category/no-such-category');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Category not found' });
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=10/);
  });
});

describe('GET /api/marketplace/apps/by-slug/{slug}', () => {
  it('answers the full public app by slug, and the same app by id', async () => {
    const demo = must(listedDemo[0], 'a listed demo app');
    const bySlug = await api('GET', `/api/marketplace/apps/by-slug/${demo.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const app = PublicAppSchema.strict().parse(bySlug.body);
    expect(app).toMatchObject({
      slug: demo.slug,
      name: demo.name,
      long_description: demo.long_description,
      key_features: demo.key_features,
      use_cases: demo.use_cases,
      integrations: demo.integrations,
      refund_policy: demo.refund_policy,
      tags: demo.tags.join(', '),
      is_approved: true,
      icon_url: `/demo-icons/${demo.slug}.svg`,
    });
    expect(app.website_url).toMatch(/^https:\/\//);
    expect(app.documentation_url).toMatch(/\/docs$/);
    expect(app.support_url).toMatch(/\/support$/);
    const byId = await api('GET', `/api/marketplace/apps/by-slug/${app.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
    expectNoSecrets(bySlug.body);
  });

  it('never includes licensing secrets, even for an app that has all of them', async () => {
    const res = await api('GET', `/api/marketplace/apps/by-slug/${visible.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ long_description: 'Long text', licensing_type: 'universal_code' });
    expectNoSecrets(res.body);
  });

  it('answers 404 App not found for an unknown slug and for unlisted demo apps', async () => {
    for (const key of ['no-such-app', ...unlistedDemo.map((d) => d.slug)]) {
      const res = await api('GET', `/api/marketplace/apps/by-slug/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'App not found' });
    }
  });

  it('lets the owner and admins preview an unlisted app, privately', async () => {
    const owner = await newDeveloper();
    const stranger = await newDeveloper();
    const draft = testApp('draft', { user_id: owner.id, is_approved: false });
    await repo.create(draft);
    const mine = await api('GET', `/api/marketplace/apps/by-slug/${draft.slug}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: draft.id, is_approved: false });
    expect(mine.headers.get('cache-control')).toContain('no-store');
    expectNoSecrets(mine.body);
    const admin = await api('GET', `/api/marketplace/apps/by-slug/${draft.id}`, { token: await adminToken() });
    expect(admin.status).toBe(200);
    expect((await api('GET', `/api/marketplace/apps/by-slug/${draft.slug}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await api('GET', `/api/marketplace/apps/by-slug/${draft.slug}`)).status).toBe(404);
  });
});
