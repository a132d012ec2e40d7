import { describe, expect, it } from 'vitest';
import type { CategoryRecord } from '../categories/category';
import type { AppRecord } from './app';
import { loadListing, snapshotOf } from './listing';
import { createMarketplaceService } from './marketplace-service';
import { appRecord, categoryRecord } from './testing';

const cat = (slug: string, name: string, display_order: number, is_active = true): CategoryRecord =>
  categoryRecord(slug, name, { display_order, is_active });

const app = (id: string, name: string, category_slug: string, extra: Partial<AppRecord> = {}): AppRecord =>
  appRecord({
    id,
    slug: `${id}-slug`,
    name,
    user_id: 'owner',
    category: 'stale name',
    category_slug,
    created_at: '',
    updated_at: '',
    version: 1,
    ...extra,
  });

function setup() {
  const categories = [cat('b', 'Beta', 20), cat('a', 'Alpha', 10), cat('off', 'Off', 30, false)];
  const apps = [
    app('1', 'Zed', 'a'),
    app('2', 'Amp', 'b', { description: 'needle here' }),
    app('3', 'Mid', 'off'),
    app('4', 'Draft', 'a', { is_approved: false, user_id: 'dev-1' }),
  ];
  const eligible = apps.filter((x) => x.is_approved);
  const listing = loadListing(snapshotOf(eligible, categories, 7, ''));
  const service = createMarketplaceService({
    categories: async () => categories,
    listing: async () => ({ listing, fresh: true }),
    apps: {
      countMarketByCategory: async () => {
        const m = new Map<string, number>();
        for (const { category_slug: slug } of eligible) if (slug) m.set(slug, (m.get(slug) ?? 0) + 1);
        return m;
      },
      findBySlugOrId: async (key) => apps.find((x) => x.slug === key) ?? apps.find((x) => x.id === key),
    },
  });
  return service;
}

describe('marketplace service', () => {
  const ids = (a: { cards: Array<{ id: string }> }) => a.cards.map((x) => x.id);

  it('hides apps of inactive categories and resolves the current category name', async () => {
    const list = await setup().listApps({ sort: 'name' });
    expect(ids(list)).toEqual(['2', '1']);
    expect(list.cards[0]?.category).toBe('Beta');
    expect(list.paged).toBe(false);
    expect(JSON.parse(list.json)).toEqual(list.cards);
  });

  it('filters by category slug or name, searches, and pages on request', async () => {
    const s = setup();
    expect(ids(await s.listApps({ sort: 'name', category: 'alpha' }))).toEqual(['1']);
    expect(ids(await s.listApps({ sort: 'name', category: 'off' }))).toEqual([]);
    expect(JSON.parse((await s.listApps({ sort: 'name', category: 'off', limit: 5 })).json)).toEqual({
      items: [],
      next_cursor: null,
      total: 0,
    });
    expect(ids(await s.listApps({ sort: 'name', q: 'NEEDLE' }))).toEqual(['2']);
    const page = await s.listApps({ sort: 'name', limit: 1 });
    expect(JSON.parse(page.json)).toMatchObject({ total: 2, items: [{ id: '2' }] });
    const next = await s.listApps({ sort: 'name', limit: 1, cursor: page.next_cursor ?? '' });
    expect(JSON.parse(next.json)).toMatchObject({ total: 2, items: [{ id: '1' }], next_cursor: null });
  });

  it('lists active categories in display order with listed counts', async () => {
    const cats = await setup().listCategories();
    expect(cats.map((c) => [c.slug, c.app_count])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });

  it('answers a category page, 404 for an inactive or unknown one', async () => {
    const s = setup();
    expect(JSON.parse((await s.categoryApps('a', { sort: 'name' })).json)).toMatchObject({
      category: { slug: 'a', app_count: 1 },
      apps: [{ id: '1' }],
    });
    await expect(s.categoryApps('off', { sort: 'name' })).rejects.toThrow('Category not found');
    await expect(s.categoryApps('nope', { sort: 'name' })).rejects.toThrow('Category not found');
  });

  it('shows an unlisted app only to its owner or an admin', async () => {
    const s = setup();
    await expect(s.appBySlug('4-slug')).rejects.toThrow('App not found');
    await expect(s.appBySlug('4', { userId: 'dev-2', role: 'developer' })).rejects.toThrow('App not found');
    expect((await s.appBySlug('4', { userId: 'dev-1', role: 'developer' })).preview).toBe(true);
    expect((await s.appBySlug('4', { userId: 'x', role: 'admin' })).preview).toBe(true);
    await expect(s.appBySlug('3')).rejects.toThrow('App not found');
    expect(await s.appBySlug('1')).toMatchObject({ preview: false, app: { id: '1', category: 'Alpha' } });
    await expect(s.appBySlug('missing')).rejects.toThrow('App not found');
  });
});
