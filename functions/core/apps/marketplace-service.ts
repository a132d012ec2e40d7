import {
  MARKETPLACE_ANSWER_MAX_BYTES,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_UNPAGED_MAX,
  type Role,
} from '@shared/constants';
import * as MSG from '@shared/messages/screens';
import type { AppCard, MarketplaceQuery, PublicApp } from '@shared/schemas/apps';
import type { Category } from '@shared/schemas/categories';
import { type CategoryRecord, compareCategories, findCategory, toCategory } from '../categories/category';
import { NotFoundError } from '../errors';
import { isListed } from './app';
import { toPublicApp } from './app-mappers';
import type { AppRepository } from './app-repository';
import type { ListingPage, ListingQuery } from './listing';
import type { CurrentListing } from './listing-source';
import { publicView } from './public-view';

/** Page size when a cursor is sent without a limit (divides the 1-4 column grid evenly). */
export const DEFAULT_PAGE_SIZE = MARKETPLACE_PAGE_SIZE;

export interface MarketplaceDeps {
  apps: Pick<AppRepository, 'findBySlugOrId' | 'countMarketByCategory'>;
  /** All categories (active or not): one bounded Query. */
  categories: () => Promise<CategoryRecord[]>;
  /** The listing of the current catalogue version (listing-source.ts). */
  listing: () => Promise<CurrentListing>;
}

export interface Viewer {
  userId: string;
  role: Role;
}

/**
 * A list answer: the cards and their JSON (serialised once per listing), and what the HTTP edge
 * needs to say about it. `paged`: the caller sent limit or cursor, so the answer is a page object;
 * otherwise the spec's plain array, at most MARKETPLACE_UNPAGED_MAX apps, `next_cursor` naming the
 * rest. `fresh`: false when the listing is older than the catalogue (not to be cached).
 */
export interface AppsAnswer {
  paged: boolean;
  cards: AppCard[];
  /** The answer's JSON: the array, or {items, next_cursor, total}. */
  json: string;
  total: number;
  next_cursor: string | null;
  fresh: boolean;
  /** The listing's catalogue version the answer was read from. */
  version: number;
}

export interface CategoryAppsAnswer extends Omit<AppsAnswer, 'json'> {
  category: Category;
  /** {category, apps} (plus next_cursor and total when paged). */
  json: string;
}

const pageOf = (query: MarketplaceQuery) => {
  const paged = query.limit !== undefined || query.cursor !== undefined;
  return {
    paged,
    limit: query.limit ?? (paged ? DEFAULT_PAGE_SIZE : MARKETPLACE_UNPAGED_MAX),
    cursor: query.cursor,
    maxBytes: MARKETPLACE_ANSWER_MAX_BYTES,
  };
};

const arrayJson = (page: ListingPage) => `[${page.json.join(',')}]`;

/**
 * The public marketplace: what a visitor may see. An app is listed iff it is public, approved,
 * not suspended and filed under an active category. The lists are answered from the listing,
 * made once per catalogue version (listing.ts): every answer costs what it shows, whatever the
 * size of the catalogue. Category totals are counters (apps-repo.ts), categories are one bounded
 * Query, an app page two key lookups.
 */
export function createMarketplaceService(deps: MarketplaceDeps) {
  async function activeCategories() {
    const active = (await deps.categories()).filter((c) => c.is_active).sort(compareCategories);
    const bySlug = new Map(active.map((c) => [c.slug, c] as const));
    return { active, bySlug };
  }

  async function listingPage(query: MarketplaceQuery, categorySlug: string | undefined) {
    const { listing, fresh } = await deps.listing();
    const listingQuery: ListingQuery = { q: query.q, categorySlug, worksWith: query.works_with, sort: query.sort };
    const page = pageOf(query);
    return { page: listing.page(listingQuery, page), paged: page.paged, fresh, version: listing.version };
  }

  return {
    /** GET /api/marketplace/apps: listed apps, optionally searched, filtered by category, sorted, paged. */
    async listApps(query: MarketplaceQuery): Promise<AppsAnswer> {
      const { active } = await activeCategories();
      const category = query.category ? findCategory(active, query.category) : undefined;
      // An unknown or inactive category filters everything out (a filter, not a resource: no 404).
      const slug = query.category ? (category?.slug ?? '\u0000none') : undefined;
      const { page, paged, fresh, version } = await listingPage(query, slug);
      const json = paged
        ? `{"items":${arrayJson(page)},"next_cursor":${JSON.stringify(page.next_cursor)},"total":${page.total}}`
        : arrayJson(page);
      return { paged, cards: page.cards, json, total: page.total, next_cursor: page.next_cursor, fresh, version };
    },

    /** GET /api/categories: active categories in display order with their listed-app counts (counters). */
    async listCategories(): Promise<Category[]> {
      const [{ active }, counts] = await Promise.all([activeCategories(), deps.apps.countMarketByCategory()]);
      return active.map((c) => toCategory(c, counts.get(c.slug) ?? 0));
    },

    /**
     * GET /api/marketplace/apps/category/{slug}: the category (app_count: its counter) and its
     * listed apps, name order unless sorted; paged like the list.
     */
    async categoryApps(slug: string, query: MarketplaceQuery): Promise<CategoryAppsAnswer> {
      const [{ bySlug }, counts] = await Promise.all([activeCategories(), deps.apps.countMarketByCategory()]);
      const found = bySlug.get(slug);
      if (!found) throw new NotFoundError(MSG.categoryNotFound);
      const category = toCategory(found, counts.get(slug) ?? 0);
      const { page, paged, fresh, version } = await listingPage(query, slug);
      const head = `{"category":${JSON.stringify(category)},"apps":${arrayJson(page)}`;
      const json = paged
        ? `${head},"next_cursor":${JSON.stringify(page.next_cursor)},"total":${page.total}}`
        : `${head}}`;
      return {
        category,
        paged,
        cards: page.cards,
        json,
        total: page.total,
        next_cursor: page.next_cursor,
        fresh,
        version,
      };
    },

    /** Every listed app in name order (the sitemap): the listing as it is. */
    async allListed(): Promise<{ cards: readonly AppCard[]; fresh: boolean }> {
      const { listing, fresh } = await deps.listing();
      return { cards: listing.cards(), fresh };
    },

    /**
     * GET /api/marketplace/apps/by-slug/{slug}: a listed app by slug, else by id. The owner and
     * admins also get apps that are not listed (preview); `preview` tells the handler not to let
     * shared caches keep that answer.
     */
    async appBySlug(slugOrId: string, viewer?: Viewer): Promise<{ app: PublicApp; preview: boolean }> {
      const [stored, all] = await Promise.all([deps.apps.findBySlugOrId(slugOrId), deps.categories()]);
      if (!stored) throw new NotFoundError(MSG.appNotFound);
      const active = new Set(all.filter((c) => c.is_active).map((c) => c.slug));
      const nameOf = (slug: string | undefined) => all.find((c) => c.slug === slug)?.name;
      const shown = publicView(stored);
      if (isListed(shown, active)) return { app: toPublicApp(shown, nameOf(shown.category_slug)), preview: false };
      // Not listed: only its owner and admins see it (as stored), as a preview.
      const privileged = viewer && (viewer.role === 'admin' || viewer.userId === stored.user_id);
      if (!privileged) throw new NotFoundError(MSG.appNotFound);
      return { app: toPublicApp(stored, nameOf(stored.category_slug)), preview: true };
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
