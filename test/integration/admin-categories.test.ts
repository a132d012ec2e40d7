/**
 * Admin category curation over HTTP: access control, create with the spec's defaults, slug
 * rules, edit (including rename and slug change keeping apps attached), deactivation hiding a
 * category and its apps from the marketplace, and the delete rule (refused while apps use it,
 * unless they are reassigned: the apps move after the answer, in pages on the sync worker), and the
 * category counts kept with each app write. Works only on categories it creates, so other files are unaffected.
 */
import { randomUUID } from 'node:crypto';
import type { AppCard, CategoryApps } from '@shared/schemas/apps';
import { type Category, CategoryListSchema, CategorySchema } from '@shared/schemas/categories';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_CATEGORIES } from '../../bin/seed/catalogue';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { appRecord } from '../../functions/core/apps/testing';
import { adminToken, api, catalogueShows, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';

const repo = new DynamoAppsRepository();
const run = randomUUID().slice(0, 8);
let admin: string;

const slugOf = (label: string) => `t-${run}-${label}`;

async function createCategory(label: string, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/admin/categories', {
    token: admin,
    body: { name: `Test ${run} ${label}`, slug: slugOf(label), display_order: 900, ...extra },
  });
  expect(res.status).toBe(201);
  return CategorySchema.parse(res.body);
}

async function addApp(label: string, category: { slug: string; name: string }, overrides: Partial<AppRecord> = {}) {
  const id = `adm-${run}-${label}`;
  const app = appRecord({
    id,
    name: `Adm ${run} ${label}`,
    user_id: 'adm-owner',
    category: category.name,
    category_slug: category.slug,
    pricing_model: 'free',
    ...overrides,
  });
  await repo.create(app);
  // A listed app shows once the server has learnt of it. Unlisted ones (internal, unapproved) are
  // followed only by admin calls, which read the table itself or change the catalogue through the API.
  if (app.type === 'public' && app.is_approved && !app.is_suspended) await catalogueShows(app);
  return app;
}

const publicSlugs = async () => (await api<Category[]>('GET', '/api/categories')).body.map((c) => c.slug);
const listedIds = async (q: string) =>
  (await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent(q)}`)).body.map((a) => a.id);

beforeAll(async () => {
  admin = await adminToken();
});

describe('access', () => {
  it('answers 401 without a token and 403 to a developer on every admin category route', async () => {
    const dev = await newDeveloper();
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories'],
      ['PUT', '/api/admin/categories/cat-other'],
      ['DELETE', '/api/admin/categories/cat-other'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'POST' || method === 'PUT' ? { name: 'X', slug: 'x' } : undefined;
      expect((await api(method, path, { body })).status).toBe(401);
      const forbidden = await api(method, path, { body, token: dev.token });
      expect(forbidden.status).toBe(403);
      expect(typeof forbidden.body.detail).toBe('string');
    }
    expect((await api<Category[]>('GET', '/api/admin/categories', { token: admin })).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});

describe('admin category list and create', () => {
  it('lists every category with counts of all its apps, in display order', async () => {
    const res = await api<Category[]>('GET', '/api/admin/categories', { token: admin });
    expect(res.status).toBe(200);
    const all = CategoryListSchema.parse(res.body);
    const seeded = all.filter((c) => SEED_CATEGORIES.some((s) => s.slug === c.slug));
    expect(seeded.map((c) => c.slug)).toEqual(SEED_CATEGORIES.map((s) => s.slug));
    // 'other' holds a listed demo app and the internal demo app: admins count both.
    const other = must(
      seeded.find((c) => c.slug === 'other'),
      'the other category',
    );
    const publicOther = (await api<Category[]>('GET', '/api/categories')).body.find((c) => c.slug === 'other');
    expect(other.app_count).toBeGreaterThan(must(publicOther, 'the public other category').app_count);
  });

  it('creates a category with the spec defaults (201)', async () => {
    const res = await api('POST', '/api/admin/categories', {
      token: admin,
      body: { name: `Defaults ${run}`, slug: slugOf('defaults') },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: `Defaults ${run}`,
      slug: slugOf('defaults'),
      color: '#3B82F6',
      display_order: 0,
      is_active: true,
      description: '',
      icon: '',
      app_count: 0,
    });
    expect(typeof res.body.id).toBe('string');
    const list = await api<Category[]>('GET', '/api/admin/categories', { token: admin });
    expect(list.body.map((c) => c.id)).toContain(res.body.id);
    expect(await publicSlugs()).toContain(slugOf('defaults'));
  });

  it('accepts the full form payload, display_order as a numeric string', async () => {
    const res = await api('POST', '/api/admin/categories', {
      token: admin,
      body: {
        name: `Full ${run}`,
        slug: slugOf('full'),
        description: 'All fields',
        icon: 'LuStar',
        color: '#10B981',
        display_order: '950',
        is_active: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      description: 'All fields',
      icon: 'LuStar',
      color: '#10B981',
      display_order: 950,
      is_active: false,
    });
    expect(await publicSlugs()).not.toContain(slugOf('full'));
  });

  it('requires name and slug, and a lowercase slug', async () => {
    for (const body of [{}, { name: 'Only name' }, { slug: 'only-slug' }, { name: '  ', slug: 'x' }]) {
      const res = await api('POST', '/api/admin/categories', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Name and slug are required' });
    }
    for (const slug of ['Bad Slug', 'UPPER', 'under_score', 'ümlaut']) {
      const res = await api('POST', '/api/admin/categories', { token: admin, body: { name: 'N', slug } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/slug/i);
    }
    const order = await api('POST', '/api/admin/categories', {
      token: admin,
      body: { name: 'N', slug: slugOf('bad-order'), display_order: 1.5 },
    });
    expect(order.status).toBe(400);
    expect(order.body.detail).toMatch(/display order/i);
  });

  it('refuses a duplicate slug with 409', async () => {
    await createCategory('dup');
    const res = await api('POST', '/api/admin/categories', {
      token: admin,
      body: { name: 'Another', slug: slugOf('dup') },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'A category with this slug already exists' });
    const seeded = await api('POST', '/api/admin/categories', {
      token: admin,
      body: { name: 'Other 2', slug: 'other' },
    });
    expect(seeded.status).toBe(409);
  });
});

describe('category counts follow the apps', () => {
  it('counts an app of every state for the admin and a listed one publicly, right after create, approve, move and delete', async () => {
    const cat = await createCategory('counts');
    const other = await createCategory('counts-other');
    const adminCount = async (id: string) =>
      must((await api<Category[]>('GET', '/api/admin/categories', { token: admin })).body.find((c) => c.id === id))
        .app_count;
    const publicCount = async (slug: string) =>
      (await api<Category[]>('GET', '/api/categories')).body.find((c) => c.slug === slug)?.app_count ?? 0;
    const listed = await addApp('counts-listed', cat);
    const waiting = await addApp('counts-waiting', cat, { is_approved: false });
    expect(await adminCount(cat.id)).toBe(2);
    await vi.waitFor(async () => expect(await publicCount(cat.slug)).toBe(1));

    const stored = must(await repo.getById(waiting.id));
    const approved = await repo.save(stored, { ...stored, is_approved: true });
    expect(await adminCount(cat.id)).toBe(2);
    await vi.waitFor(async () => expect(await publicCount(cat.slug)).toBe(2));

    const moved = await repo.save(approved, { ...approved, category: other.name, category_slug: other.slug });
    expect([await adminCount(cat.id), await adminCount(other.id)]).toEqual([1, 1]);
    await vi.waitFor(async () => expect(await publicCount(other.slug)).toBe(1));

    await repo.delete(moved);
    await repo.delete(must(await repo.getById(listed.id)));
    expect([await adminCount(cat.id), await adminCount(other.id)]).toEqual([0, 0]);
    // With its apps gone the category can be deleted without reassign_to.
    expect((await api('DELETE', `/api/admin/categories/${cat.id}`, { token: admin })).body).toEqual({
      message: 'Category deleted',
      moved_apps: 0,
    });
  });
});

describe('admin category edit', () => {
  it('edits fields and answers 404 for an unknown id', async () => {
    const cat = await createCategory('edit');
    const res = await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: `Edited ${run}`, slug: cat.slug, color: '#EF4444', display_order: 905, description: 'New text' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: cat.id,
      name: `Edited ${run}`,
      color: '#EF4444',
      display_order: 905,
      description: 'New text',
      is_active: true,
    });
    const missing = await api('PUT', '/api/admin/categories/no-such-id', {
      token: admin,
      body: { name: 'X', slug: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Category not found' });
    const taken = await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: 'X', slug: 'other' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: 'A category with this slug already exists' });
    const bad = await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: '', slug: cat.slug },
    });
    expect(bad.body).toEqual({ detail: 'Name and slug are required' });
  });

  it('deactivating hides the category and its apps from the marketplace; reactivating restores them', async () => {
    const cat = await createCategory('deact');
    const app = await addApp('deact', cat);
    expect(await publicSlugs()).toContain(cat.slug);
    expect(await listedIds(`Adm ${run} deact`)).toEqual([app.id]);

    const off = await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: cat.name, slug: cat.slug, is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ is_active: false, app_count: 1 });
    expect(await publicSlugs()).not.toContain(cat.slug);
    expect(await listedIds(`Adm ${run} deact`)).toEqual([]);
    expect((await api('GET', `/api/marketplace/apps?category=${cat.slug}`)).body).toEqual([]);
    const page = await api<CategoryApps>('GET', `/api/marketplace/apps/category/${cat.slug}`);
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ detail: 'Category not found' });
    expect((await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).status).toBe(404);
    const adminView = (await api<Category[]>('GET', '/api/admin/categories', { token: admin })).body.find(
      (c) => c.id === cat.id,
    );
    expect(adminView).toMatchObject({ is_active: false, app_count: 1 });

    await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: cat.name, slug: cat.slug, is_active: true },
    });
    expect(await listedIds(`Adm ${run} deact`)).toEqual([app.id]);
    expect((await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).status).toBe(200);
  });

  it('renaming and changing the slug keeps the apps attached: every page of them, moved after the answer', async () => {
    const cat = await createCategory('rename');
    const app = await addApp('rename', cat);
    const hiddenApp = await addApp('rename-internal', cat, { type: 'internal' });
    // More apps off the marketplace than one page of the worker's re-filing (CATALOGUE_JOB_PAGE_SIZE 3 here).
    const pending = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((l) => addApp(`rename-${l}`, cat, { is_approved: false })),
    );
    const res = await api('PUT', `/api/admin/categories/${cat.id}`, {
      token: admin,
      body: { name: `Renamed ${run}`, slug: slugOf('renamed') },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: slugOf('renamed'), name: `Renamed ${run}`, app_count: 6 });
    // The sync worker re-files the apps a page per message, shortly after the answer.
    await queuesIdle();
    for (const a of [app, hiddenApp, ...pending])
      expect(await repo.getById(a.id)).toMatchObject({ category_slug: slugOf('renamed'), category: `Renamed ${run}` });
    const admins = (await api<Category[]>('GET', '/api/admin/categories', { token: admin })).body;
    expect(must(admins.find((c) => c.id === cat.id)).app_count).toBe(6);
    await vi.waitFor(async () => {
      const detail = await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`);
      expect(detail.body).toMatchObject({ category: `Renamed ${run}` });
    });
    const detail = await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`);
    expect(detail.body).toMatchObject({ category: `Renamed ${run}`, category_slug: slugOf('renamed') });
    const page = await api<CategoryApps>('GET', `/api/marketplace/apps/category/${slugOf('renamed')}`);
    expect(page.body.apps.map((a) => a.id)).toEqual([app.id]);
    expect((await api<CategoryApps>('GET', `/api/marketplace/apps/category/${cat.slug}`)).status).toBe(404);
    expect((await repo.getById(hiddenApp.id))?.category_slug).toBe(slugOf('renamed'));
    // The old slug is free again.
    await createCategory('rename');
  });
});

describe('admin category delete', () => {
  it('refuses to delete a category that still has apps, saying how many', async () => {
    const cat = await createCategory('inuse');
    await addApp('inuse-1', cat);
    await addApp('inuse-2', cat, { is_approved: false });
    const res = await api('DELETE', `/api/admin/categories/${cat.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('2 apps use this category');
    expect(res.body.detail).toMatch(/deactivate/);
    const still = await api<Category[]>('GET', '/api/admin/categories', { token: admin });
    expect(still.body.map((c) => c.id)).toContain(cat.id);
  });

  it('moves the apps to reassign_to, then deletes', async () => {
    const from = await createCategory('move-from');
    const to = await createCategory('move-to');
    const listed = await addApp('move-1', from);
    const pending = await addApp('move-2', from, { is_approved: false });

    const unknown = await api('DELETE', `/api/admin/categories/${from.id}?reassign_to=no-such-${run}`, {
      token: admin,
    });
    expect(unknown.status).toBe(400);
    const self = await api('DELETE', `/api/admin/categories/${from.id}?reassign_to=${from.slug}`, { token: admin });
    expect(self.status).toBe(400);

    const res = await api('DELETE', `/api/admin/categories/${from.id}?reassign_to=${to.slug}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Category deleted', moved_apps: 2 });
    await queuesIdle();
    expect(await repo.getById(listed.id)).toMatchObject({ category_slug: to.slug, category: to.name });
    expect(await repo.getById(pending.id)).toMatchObject({ category_slug: to.slug, category: to.name });
    const page = await api<CategoryApps>('GET', `/api/marketplace/apps/category/${to.slug}`);
    expect(page.body.apps.map((a) => a.id)).toEqual([listed.id]);
    const admins = (await api<Category[]>('GET', '/api/admin/categories', { token: admin })).body;
    expect(must(admins.find((c) => c.id === to.id)).app_count).toBe(2);
    expect(admins.map((c) => c.id)).not.toContain(from.id);
    // Its slug, held while the apps moved off it, can be used again.
    await createCategory('move-from');
  });

  it('deletes an empty category; a second delete or edit answers 404', async () => {
    const cat = await createCategory('empty');
    const res = await api('DELETE', `/api/admin/categories/${cat.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Category deleted', moved_apps: 0 });
    expect((await api('DELETE', `/api/admin/categories/${cat.id}`, { token: admin })).body).toEqual({
      detail: 'Category not found',
    });
    expect(
      (await api('PUT', `/api/admin/categories/${cat.id}`, { token: admin, body: { name: 'X', slug: 'x' } })).status,
    ).toBe(404);
    expect(await publicSlugs()).not.toContain(cat.slug);
    // Its slug can be used again.
    await createCategory('empty');
  });
});
