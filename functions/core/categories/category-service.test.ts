import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { CategoryRecord } from './category';
import type { CategoryAppsPort, CategoryRefiling, CategoryRepository } from './category-repository';
import { createCategoryService } from './category-service';

/** In-memory fakes that record the order of operations. */
function setup() {
  const log: string[] = [];
  const cats = new Map<string, CategoryRecord>();
  const slugs = new Map<string, string>();
  const apps: Array<{ id: string; slug: string; name: string }> = [];
  const categories: CategoryRepository = {
    list: async () => [...cats.values()],
    getById: async (id) => cats.get(id),
    create: async (c) => {
      if (slugs.has(c.slug)) throw new ConflictError('A category with this slug already exists');
      cats.set(c.id, c);
      slugs.set(c.slug, c.id);
    },
    reserveSlug: async (slug, id) => {
      log.push(`reserve ${slug}`);
      if (slugs.has(slug) && slugs.get(slug) !== id)
        throw new ConflictError('A category with this slug already exists');
      slugs.set(slug, id);
    },
    commitUpdate: async (prev, next, opts) => {
      log.push(`commit ${next.slug}${opts?.holdOldSlug ? ` holding ${prev.slug}` : ''}`);
      if (prev.slug !== next.slug && !opts?.holdOldSlug) slugs.delete(prev.slug);
      cats.set(next.id, next);
    },
    delete: async (c, opts) => {
      log.push(`delete ${c.slug}${opts?.holdSlug ? ' holding it' : ''}`);
      cats.delete(c.id);
      if (!opts?.holdSlug) slugs.delete(c.slug);
    },
  };
  const appsPort: CategoryAppsPort = {
    countAllByCategory: async () => {
      const m = new Map<string, number>();
      for (const a of apps) m.set(a.slug, (m.get(a.slug) ?? 0) + 1);
      return m;
    },
    countMarketByCategory: async () => new Map(),
    countInCategory: async (slug) => apps.filter((a) => a.slug === slug).length,
  };
  // The sync worker's re-filing, run when the test says (the request only asks for it).
  const queued: Array<{ from: string; to: { slug: string; name: string } }> = [];
  /** When set, the worker re-files as soon as the job is asked for (it may run before the answer). */
  const worker = { eager: false };
  const refiling: CategoryRefiling = {
    request: async (from, to) => {
      log.push(`refile ${from}->${to.slug}`);
      queued.push({ from, to });
      if (worker.eager) runJobs();
    },
  };
  const runJobs = () => {
    for (const { from, to } of queued.splice(0)) {
      for (const a of apps) {
        if (a.slug === from) {
          a.slug = to.slug;
          a.name = to.name;
        }
      }
    }
  };
  let seq = 0;
  const service = createCategoryService({
    categories,
    apps: appsPort,
    refiling,
    newId: () => `id${++seq}`,
    now: () => 'now',
  });
  return { service, log, apps, runJobs, worker };
}

describe('category service', () => {
  it('answers a renamed category with each app counted once, even when the worker moves them before the answer', async () => {
    const { service, apps, worker } = setup();
    const cat = await service.create({ name: 'Imaging', slug: 'imaging' });
    for (const id of ['a', 'b', 'c']) apps.push({ id, slug: 'imaging', name: 'Imaging' });
    worker.eager = true;
    const renamed = await service.update(cat.id, { name: 'Imaging & X-Ray', slug: 'imaging-xray' });
    expect(renamed.app_count).toBe(3);
    expect(apps.every((a) => a.slug === 'imaging-xray')).toBe(true);
  });

  it('creates with the spec defaults and refuses a taken slug', async () => {
    const { service } = setup();
    expect(await service.create({ name: 'Imaging', slug: 'imaging' })).toEqual({
      id: 'id1',
      name: 'Imaging',
      slug: 'imaging',
      description: '',
      icon: '',
      color: '#3B82F6',
      display_order: 0,
      is_active: true,
      app_count: 0,
    });
    await expect(service.create({ name: 'Again', slug: 'imaging' })).rejects.toBeInstanceOf(ConflictError);
  });

  it('keeps stored values for fields an update leaves out', async () => {
    const { service } = setup();
    const c = await service.create({ name: 'A', slug: 'a', color: '#111111', display_order: 5, is_active: false });
    const u = await service.update(c.id, { name: 'A2', slug: 'a' });
    expect(u).toMatchObject({ name: 'A2', color: '#111111', display_order: 5, is_active: false });
    await expect(service.update('nope', { name: 'x', slug: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('on a slug change reserves the new slug, asks for the re-filing, then commits', async () => {
    const { service, log, apps, runJobs } = setup();
    const c = await service.create({ name: 'Old', slug: 'old' });
    apps.push({ id: 'x', slug: 'old', name: 'Old' });
    const u = await service.update(c.id, { name: 'New', slug: 'new' });
    expect(log).toEqual(['reserve new', 'refile old->new', 'commit new holding old']);
    // The answer counts the apps still on their way to the new slug.
    expect(u.app_count).toBe(1);
    runJobs();
    expect(apps[0]).toMatchObject({ slug: 'new', name: 'New' });
  });

  it('asks for no re-filing when neither slug nor name changed, or the category has no apps', async () => {
    const { service, log, apps } = setup();
    const c = await service.create({ name: 'Same', slug: 'same' });
    await service.update(c.id, { name: 'Renamed', slug: 'same' });
    apps.push({ id: 'y', slug: 'same', name: 'Renamed' });
    await service.update(c.id, { name: 'Renamed', slug: 'same', color: '#000000' });
    expect(log.filter((l) => l.startsWith('refile'))).toEqual([]);
  });

  it('refuses to delete a category with apps, unless they are reassigned', async () => {
    const { service, apps, log, runJobs } = setup();
    const c = await service.create({ name: 'Busy', slug: 'busy' });
    await service.create({ name: 'Other', slug: 'other' });
    apps.push({ id: '1', slug: 'busy', name: 'Busy' }, { id: '2', slug: 'busy', name: 'Busy' });
    await expect(service.remove(c.id)).rejects.toThrow(/2 apps use this category.*deactivate/);
    await expect(service.remove(c.id, 'missing')).rejects.toBeInstanceOf(ValidationError);
    await expect(service.remove(c.id, 'busy')).rejects.toBeInstanceOf(ValidationError);
    expect(await service.remove(c.id, 'other')).toEqual({ moved_apps: 2 });
    expect(log.slice(-2)).toEqual(['refile busy->other', 'delete busy holding it']);
    runJobs();
    expect(apps.every((a) => a.slug === 'other' && a.name === 'Other')).toBe(true);
  });

  it('deletes an empty category and resolves categories by slug or name', async () => {
    const { service } = setup();
    const c = await service.create({ name: 'Imaging & X-Ray', slug: 'imaging-xray' });
    expect((await service.resolve('imaging & x-ray'))?.id).toBe(c.id);
    expect((await service.resolve('imaging-xray'))?.id).toBe(c.id);
    expect(await service.remove(c.id)).toEqual({ moved_apps: 0 });
    await expect(service.remove(c.id)).rejects.toThrow('Category not found');
  });
});
