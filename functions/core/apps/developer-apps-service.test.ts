import { AppSubmitSchema } from '@shared/schemas/apps';
import { assert, describe, expect, it } from 'vitest';
import type { CategoryRecord } from '../categories/category';
import { ConflictError } from '../errors';
import type { UploadStore } from '../uploads/ports';
import type { WebhookRecord } from '../webhooks/webhook';
import type { AppRecord } from './app';
import { AppLimitReachedError, type AppRepository } from './app-repository';
import { createDeveloperAppsService } from './developer-apps-service';
import type { KeyPoolPort, PoolKey } from './key-pool';
import { categoryRecord } from './testing';

const category = (slug: string, name: string, is_active = true): CategoryRecord =>
  categoryRecord(slug, name, { is_active });
const CATEGORIES = [category('marketing', 'Marketing'), category('retired', 'Retired', false)];

/** In-memory stand-ins for the ports, with the same rules (slug claims, optimistic versions). */
function memoryRepo() {
  const apps = new Map<string, AppRecord>();
  const slugs = new Map<string, string>();
  const repo: AppRepository = {
    async getById(id) {
      return apps.get(id);
    },
    async getBySlug(slug) {
      const id = slugs.get(slug);
      return id ? apps.get(id) : undefined;
    },
    async findBySlugOrId(x) {
      return (await repo.getBySlug(x)) ?? apps.get(x);
    },
    async create(app, cap) {
      if (slugs.has(app.slug)) throw new ConflictError('An app with this slug already exists');
      if (cap && [...apps.values()].filter((a) => a.user_id === app.user_id).length >= cap.max)
        throw new AppLimitReachedError();
      const stored = { ...app, version: 1 };
      apps.set(app.id, stored);
      slugs.set(app.slug, app.id);
      return stored;
    },
    async save(previous, next) {
      if (apps.get(previous.id)?.version !== previous.version) throw new ConflictError('stale');
      const stored = { ...next, version: previous.version + 1 };
      apps.set(previous.id, stored);
      return stored;
    },
    async delete(app) {
      apps.delete(app.id);
      slugs.delete(app.slug);
    },
    listMarketCards: async () => [],
    countMarketByCategory: async () => new Map(),
    async countOwned(userId, upTo) {
      return Math.min(upTo, [...apps.values()].filter((a) => a.user_id === userId).length);
    },
    async listByOwner(userId) {
      return [...apps.values()].filter((a) => a.user_id === userId);
    },
    async listAll() {
      return [...apps.values()];
    },
  };
  return { repo, apps, slugs };
}

function memoryPool() {
  const pools = new Map<string, PoolKey[]>();
  const pool: KeyPoolPort & { pools: typeof pools } = {
    pools,
    async addKeys(appId, keys) {
      const list = pools.get(appId) ?? [];
      const fresh = keys.filter((k) => !list.some((p) => p.key === k));
      pools.set(appId, [...list, ...fresh.map((key) => ({ key, status: 'available' as const }))]);
      return fresh.length;
    },
    async syncAvailableKeys(appId, keys) {
      const list = pools.get(appId) ?? [];
      const kept = list.filter((k) => k.status === 'assigned' || keys.includes(k.key));
      pools.set(appId, kept);
      const added = await pool.addKeys(appId, keys);
      return { added, removed: list.length - kept.length };
    },
    listKeys: async (appId) => {
      const keys = pools.get(appId) ?? [];
      return { keys, assigned: keys.filter((k) => k.status === 'assigned').length };
    },
    countAvailable: async (appId) => (pools.get(appId) ?? []).filter((k) => k.status === 'available').length,
    async deleteAll(appId) {
      pools.delete(appId);
    },
  };
  return pool;
}

function memoryStore(keys: string[] = []) {
  const objects = new Set(keys);
  const store: Pick<UploadStore, 'put' | 'list' | 'deleteKeys' | 'markReferenced'> & { objects: Set<string> } = {
    objects,
    markReferenced: async () => undefined,
    put: async (key) => void objects.add(key),
    list: async (prefix) => [...objects].filter((k) => k.startsWith(prefix)).map((key) => ({ key, size: 1 })),
    deleteKeys: async (ks) => {
      for (const k of ks) objects.delete(k);
    },
  };
  return store;
}

function setup(storeKeys: string[] = []) {
  const { repo, apps, slugs } = memoryRepo();
  const keyPool = memoryPool();
  const store = memoryStore(storeKeys);
  let n = 0;
  const webhooks = new Map<string, string[]>();
  const service = createDeveloperAppsService({
    webhooks: {
      listByApp: async (appId) =>
        (webhooks.get(appId) ?? []).map((id) => ({ id, app_id: appId }) as unknown as WebhookRecord),
      delete: async (w) => {
        webhooks.set(
          w.app_id,
          (webhooks.get(w.app_id) ?? []).filter((id) => id !== w.id),
        );
        return true;
      },
    },
    apps: repo,
    categories: { resolve: async (x) => CATEGORIES.find((c) => c.slug === x || c.name === x) },
    keyPool,
    uploads: { store, siteOrigin: 'https://shop.example.com' },
    allowHttpWebhooks: false,
    now: () => '2025-06-01T00:00:00.000Z',
    newId: () => `app-${++n}`,
  });
  return { service, apps, slugs, keyPool, store, webhooks };
}

const payload = (over: Record<string, unknown> = {}) =>
  AppSubmitSchema.parse({
    name: 'Smile Pay',
    tagline: 'Payments',
    short_description: 'Pay at the chair',
    category: 'Marketing',
    website_url: 'https://smile.example.com',
    icon_url: 'https://cdn.example.com/i.png',
    key_features: ['a', 'b'],
    pricing_model: 'subscription',
    price: 19.99,
    company_name: 'Smile Inc',
    licensing_type: 'key_pool',
    license_keys: 'K1\nK2',
    ...over,
  });

describe('developer apps service', () => {
  it('submits a public app Pending Review with cents, the category name and its keys', async () => {
    const { service, apps, keyPool } = setup();
    const app = await service.submit('u1', payload());
    expect(app).toMatchObject({
      id: 'app-1',
      slug: 'smile-pay',
      type: 'public',
      is_approved: false,
      status: 'Pending Review',
      category: 'Marketing',
      category_slug: 'marketing',
      price: 19.99,
      price_period: 'monthly',
      license_keys: ['K1', 'K2'],
      license_key_pool: { available: 2, assigned: 0 },
    });
    expect(apps.get('app-1')?.price_cents).toBe(1999);
    expect(keyPool.pools.get('app-1')).toHaveLength(2);
  });

  it('numbers clashing slugs and keeps them when the app is renamed', async () => {
    const { service } = setup();
    const a = await service.submit('u1', payload());
    const b = await service.submit('u2', payload());
    const c = await service.quickCreate('u1', { name: 'Smile Pay', type: 'internal' });
    expect([a.slug, b.slug, c.slug]).toEqual(['smile-pay', 'smile-pay-2', 'smile-pay-3']);
    const renamed = await service.updateListing('u1', a.id, payload({ name: 'Other Name' }));
    expect(renamed).toMatchObject({ name: 'Other Name', slug: 'smile-pay' });
  });

  it('lets a developer hold 100 apps and refuses the 101st with a detail, storing nothing', async () => {
    const { service, apps } = setup();
    for (let i = 0; i < 100; i++) await service.quickCreate('u1', { name: `App ${i}`, type: 'internal' });
    await expect(service.quickCreate('u1', { name: 'One more', type: 'internal' })).rejects.toMatchObject({
      status: 409,
      message: 'You can have at most 100 apps. Delete an app you no longer need to create another.',
    });
    await expect(service.submit('u1', payload())).rejects.toMatchObject({ status: 409 });
    expect(apps.size).toBe(100);
    // Another developer is not affected; deleting one frees a place.
    await expect(service.quickCreate('u2', { name: 'Theirs', type: 'internal' })).resolves.toBeTruthy();
    const first = [...apps.values()].find((a) => a.user_id === 'u1');
    await service.remove('u1', first?.id ?? '');
    await expect(service.quickCreate('u1', { name: 'One more', type: 'internal' })).resolves.toBeTruthy();
  });

  it("hides other developers' apps behind 404 and changes nothing", async () => {
    const { service, apps } = setup();
    const app = await service.submit('u1', payload());
    const before = structuredClone(apps.get(app.id));
    const notFound = { status: 404, message: 'App not found' };
    await expect(service.get('u2', app.id)).rejects.toMatchObject(notFound);
    await expect(service.quickUpdate('u2', app.id, { name: 'x' }, new Set())).rejects.toMatchObject(notFound);
    await expect(service.updateListing('u2', app.id, payload())).rejects.toMatchObject(notFound);
    await expect(service.remove('u2', app.id)).rejects.toMatchObject(notFound);
    expect(apps.get(app.id)).toEqual(before);
  });

  it('refuses a type change, an inactive or unknown category, http webhooks in the cloud and foreign uploads', async () => {
    const { service, apps } = setup();
    const app = await service.quickCreate('u1', { name: 'Quick', type: 'partner' });
    await expect(service.quickUpdate('u1', app.id, { name: 'Quick', type: 'public' }, new Set())).rejects.toMatchObject(
      {
        status: 400,
        message: 'App type cannot be changed',
      },
    );
    await expect(service.submit('u1', payload({ category: 'Retired' }))).rejects.toMatchObject({
      message: 'Category "Retired" is not one of the marketplace categories',
    });
    await expect(
      service.submit('u1', payload({ licensing_type: 'webhook', webhook_license_url: 'http://vendor.example.com/l' })),
    ).rejects.toMatchObject({ message: 'Webhook license URL must use https' });
    await expect(
      service.submit('u1', payload({ icon_url: 'https://shop.example.com/uploads/drafts/u2/icon-x.png' })),
    ).rejects.toMatchObject({ message: 'Icon URL must be an image you uploaded for this app' });
    await expect(
      service.submit('u1', payload({ metadata: { logo_url: '/uploads/apps/app-9/x.png' } })),
    ).rejects.toMatchObject({ message: 'Logo URL must be an image you uploaded for this app' });
    expect(apps.size).toBe(1);
  });

  it('quick update replaces only the optional fields it was sent', async () => {
    const { service } = setup();
    const app = await service.quickCreate('u1', {
      name: 'Q',
      type: 'internal',
      description: 'D',
      website_url: 'https://q.io',
    });
    const next = await service.quickUpdate(
      'u1',
      app.id,
      { name: 'Q2', description: undefined },
      new Set(['description']),
    );
    expect(next).toMatchObject({ name: 'Q2', slug: 'q', description: null, website_url: 'https://q.io' });
  });

  it('syncs the pool on edit without touching assigned keys, and leaves it alone for other licensing', async () => {
    const { service, keyPool } = setup();
    const app = await service.submit('u1', payload());
    const [firstKey] = keyPool.pools.get(app.id) ?? [];
    assert(firstKey, 'a pool key');
    firstKey.status = 'assigned';
    const edited = await service.updateListing('u1', app.id, payload({ license_keys: ['K3'] }));
    expect(edited.license_keys).toEqual(['K1', 'K3']);
    expect(edited.license_key_pool).toEqual({ available: 1, assigned: 1 });
    const manual = await service.updateListing(
      'u1',
      app.id,
      payload({ licensing_type: 'manual', licensing_instructions: 'Mail', license_keys: '' }),
    );
    expect(manual.license_keys).toEqual(['K1', 'K3']);
  });

  it('deletes files an edit drops and, on delete, the app folder, its keys, its slug and unshared drafts', async () => {
    const { service, store, keyPool, slugs, webhooks } = setup([
      'apps/app-1/a.png',
      'apps/app-1/b.png',
      'apps/app-1/icon-c.png',
      'drafts/u1/d.png',
      'drafts/u1/shared.png',
    ]);
    const app = await service.submit(
      'u1',
      payload({
        icon_url: '/uploads/drafts/u1/shared.png',
        metadata: { screenshots: ['/uploads/drafts/u1/d.png'] },
      }),
    );
    expect(app.id).toBe('app-1');
    await service.submit('u1', payload({ name: 'Other', icon_url: '/uploads/drafts/u1/shared.png' }));
    await service.updateListing(
      'u1',
      app.id,
      payload({ icon_url: '/uploads/apps/app-1/icon-c.png', metadata: { screenshots: ['/uploads/apps/app-1/a.png'] } }),
    );
    // b.png was never shown; d.png was dropped; shared.png is still shown by the other app.
    expect([...store.objects].sort()).toEqual(['apps/app-1/a.png', 'apps/app-1/icon-c.png', 'drafts/u1/shared.png']);
    webhooks.set(app.id, ['wh-1', 'wh-2']);
    await service.remove('u1', app.id);
    expect([...store.objects]).toEqual(['drafts/u1/shared.png']);
    expect(webhooks.get(app.id)).toEqual([]);
    expect(keyPool.pools.has(app.id)).toBe(false);
    expect(slugs.has('smile-pay')).toBe(false);
  });

  it('rolls back pool keys when the app cannot be stored', async () => {
    const { service, keyPool } = setup();
    const failing = createDeveloperAppsService({
      webhooks: { listByApp: async () => [], delete: async () => true },
      apps: {
        ...memoryRepo().repo,
        getBySlug: async () => undefined,
        create: async () => {
          throw new Error('boom');
        },
      },
      categories: { resolve: async () => CATEGORIES[0] },
      keyPool,
      uploads: { store: memoryStore() },
      allowHttpWebhooks: true,
      newId: () => 'doomed',
    });
    await expect(failing.submit('u1', payload())).rejects.toThrow('boom');
    expect(keyPool.pools.has('doomed')).toBe(false);
    expect(service).toBeDefined();
  });
});
