import type { Role } from '../../../shared/constants';
import * as MSG from '../../../shared/messages/screens';
import type { AppCard, MarketplaceQuery, PublicApp } from '../../../shared/schemas/apps';
import type { Category } from '../../../shared/schemas/categories';
import { type CategoryRecord, compareCategories, findCategory, toCategory } from '../categories/category';
import { NotFoundError } from '../errors';
import { type AppCardRecord, isListed } from './app';
import { toAppCard, toPublicApp } from './app-mappers';
import type { AppRepository } from './app-repository';
import { type CountedPage, matchesQuery, paginate, sortApps } from './marketplace-query';

/** Page size when a cursor is sent without a limit (divides the 1-4 column grid evenly). */
export const DEFAULT_PAGE_SIZE = 24;

export interface MarketplaceDeps {
  apps: Pick<AppRepository, 'listMarketCards' | 'findBySlugOrId' | 'countMarketByCategory' | 'appIdsWorkingWith'>;
  /** All categories (active or not); the handler may serve them from a short cache. */
  categories: () => Promise<CategoryRecord[]>;
}

export interface Viewer {
  userId: string;
  role: Role;
}

/** Listing with `limit` or `cursor` answers a page; without, the plain array the spec's client reads. */
export type AppList = AppCard[] | CountedPage<AppCard>;

/**
 * The public marketplace: what a visitor may see. An app is listed iff it is public, approved,
 * not suspended and filed under an active category. Eligibility is kept in the index (the
 * repository only returns eligible apps); category activity is applied here, at read time,
 * against the category list every call loads anyway (categories are few, one Query).
 */
export function createMarketplaceService(deps: MarketplaceDeps) {
  async function activeCategories() {
    const active = (await deps.categories()).filter((c) => c.is_active).sort(compareCategories);
    const bySlug = new Map(active.map((c) => [c.slug, c] as const));
    return { active, bySlug, slugs: new Set(bySlug.keys()) };
  }

  /** The listed cards of one category (or all), narrowed to one practice system when asked. */
  async function listedCards(categorySlug: string | undefined, slugs: Set<string>, worksWith: string | undefined) {
    const [cards, ids] = await Promise.all([
      deps.apps.listMarketCards({ categorySlug }),
      worksWith ? deps.apps.appIdsWorkingWith(worksWith) : undefined,
    ]);
    return cards.filter((c) => isListed(c, slugs) && (!ids || ids.has(c.id)));
  }

  function shape(
    cards: AppCardRecord[],
    bySlug: Map<string, CategoryRecord>,
    query: MarketplaceQuery,
  ): { paged: false; apps: AppCard[] } | ({ paged: true } & CountedPage<AppCard>) {
    const matching = cards.filter((c) => matchesQuery(c, query.q));
    const sorted = sortApps(matching, query.sort, true);
    const toCard = (c: AppCardRecord) => toAppCard(c, c.category_slug ? bySlug.get(c.category_slug)?.name : undefined);
    if (query.limit === undefined && query.cursor === undefined) return { paged: false, apps: sorted.map(toCard) };
    const page = paginate(sorted, query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
    return { paged: true, ...page, items: page.items.map(toCard) };
  }

  return {
    /** GET /api/marketplace/apps: listed apps, optionally searched, filtered by category, sorted, paged. */
    async listApps(query: MarketplaceQuery): Promise<AppList> {
      const { active, bySlug, slugs } = await activeCategories();
      const category = query.category ? findCategory(active, query.category) : undefined;
      // An unknown or inactive category filters everything out (a filter, not a resource: no 404).
      const cards = query.category && !category ? [] : await listedCards(category?.slug, slugs, query.works_with);
      const result = shape(cards, bySlug, query);
      return result.paged ? { items: result.items, next_cursor: result.next_cursor, total: result.total } : result.apps;
    },

    /** GET /api/categories: active categories in display order with their listed-app counts. */
    async listCategories(): Promise<Category[]> {
      const [{ active }, counts] = await Promise.all([activeCategories(), deps.apps.countMarketByCategory()]);
      return active.map((c) => toCategory(c, counts.get(c.slug) ?? 0));
    },

    /** GET /api/marketplace/apps/category/{slug}: the category and its listed apps (name order). */
    async categoryApps(
      slug: string,
      query: MarketplaceQuery,
    ): Promise<{ category: Category; apps: AppCard[]; next_cursor?: string | null; total?: number }> {
      const { bySlug, slugs } = await activeCategories();
      const category = bySlug.get(slug);
      if (!category) throw new NotFoundError(MSG.categoryNotFound);
      const cards = await listedCards(slug, slugs, query.works_with);
      const result = shape(cards, bySlug, query);
      const categoryOut = toCategory(category, cards.length);
      return result.paged
        ? { category: categoryOut, apps: result.items, next_cursor: result.next_cursor, total: result.total }
        : { category: categoryOut, apps: result.apps };
    },

    /**
     * GET /api/marketplace/apps/by-slug/{slug}: a listed app by slug, else by id. The owner and
     * admins also get apps that are not listed (preview); `preview` tells the handler not to let
     * shared caches keep that answer.
     */
    async appBySlug(slugOrId: string, viewer?: Viewer): Promise<{ app: PublicApp; preview: boolean }> {
      const [app, all] = await Promise.all([deps.apps.findBySlugOrId(slugOrId), deps.categories()]);
      if (!app) throw new NotFoundError(MSG.appNotFound);
      const active = new Set(all.filter((c) => c.is_active).map((c) => c.slug));
      const category = all.find((c) => c.slug === app.category_slug);
      if (isListed(app, active)) return { app: toPublicApp(app, category?.name), preview: false };
      const privileged = viewer && (viewer.role === 'admin' || viewer.userId === app.user_id);
      if (!privileged) throw new NotFoundError(MSG.appNotFound);
      return { app: toPublicApp(app, category?.name), preview: true };
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
