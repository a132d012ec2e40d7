import { MARKETPLACE_PAGE_SIZE, SORT_OPTIONS, type SortOption } from '@shared/constants';
import { PRACTICE_SYSTEM_VALUES, type PracticeSystem } from '@shared/practice-systems';
import type { AppCard, MarketplacePage } from '@shared/schemas/apps';
import useSWR from 'swr';
import { api } from '../lib/api-client';
import { logLoadFailure } from './log-load-failure';

/** The list's path; every key of it starts so (admin-categories revalidates them all). */
export const MARKETPLACE_APPS_KEY = '/api/marketplace/apps';

/** What a marketplace list is narrowed and ordered by: the API's query parameters. */
export interface MarketplaceFilters {
  q?: string;
  /** Category slug or name. */
  category?: string;
  works_with?: PracticeSystem;
  sort?: SortOption;
}

/** Longest search the API takes (MarketplaceQuerySchema's q). */
const Q_MAX = 100;

const isPracticeSystem = (v: string | null | undefined): v is PracticeSystem =>
  !!v && (PRACTICE_SYSTEM_VALUES as readonly string[]).includes(v);
const isSort = (v: string | null | undefined): v is SortOption =>
  !!v && (SORT_OPTIONS as readonly string[]).includes(v);

/** The filters a page takes from its address, as the server renders it and the browser asks again. */
export interface ListParams {
  q?: string | null;
  category?: string | null;
  works_with?: string | null;
  sort?: string | null;
}

/**
 * A list's filters from a page's address: the search as typed (trimmed, at most what the API
 * takes), a practice system and a sort only when they are ones the API knows, a category only
 * when `categories` has it (the home page ignores an unknown one). The storefront's server and the
 * browser both read a page's address through this, so they ask for (and key) the same list.
 */
export function listFilters(params: ListParams, categories?: ReadonlySet<string>): MarketplaceFilters {
  const q = params.q?.trim().slice(0, Q_MAX);
  return {
    ...(q ? { q } : {}),
    ...(params.category && categories?.has(params.category) ? { category: params.category } : {}),
    ...(isPracticeSystem(params.works_with) ? { works_with: params.works_with } : {}),
    ...(isSort(params.sort) && params.sort !== 'name' ? { sort: params.sort } : {}),
  };
}

/**
 * The query string of a page of a marketplace list, in one order (so the server-rendered page's
 * data and the browser's request share one SWR key): limit first, then the filters that are set.
 */
export function marketplaceQuery(filters: MarketplaceFilters, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(MARKETPLACE_PAGE_SIZE) });
  const q = filters.q?.trim().slice(0, Q_MAX);
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  if (filters.works_with) params.set('works_with', filters.works_with);
  if (filters.sort && filters.sort !== 'name') params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The key (and path) of a page of GET /api/marketplace/apps. */
export const marketplaceAppsKey = (filters: MarketplaceFilters, cursor?: string | null): string =>
  `${MARKETPLACE_APPS_KEY}?${marketplaceQuery(filters, cursor)}`;

/** One page: {items, next_cursor, total}. */
export async function getMarketplacePage(key: string): Promise<MarketplacePage> {
  const data = await api.get<Partial<MarketplacePage> | AppCard[]>(key);
  if (Array.isArray(data)) return { items: data, next_cursor: null, total: data.length };
  return {
    items: Array.isArray(data?.items) ? data.items : [],
    next_cursor: data?.next_cursor ?? null,
    total: typeof data?.total === 'number' ? data.total : 0,
  };
}

/**
 * The first page of the listed apps matching `filters`: the storefront's home (the server renders
 * it and embeds it under this key) and the developer's marketplace. Later pages come from
 * usePagedList (frontend/src/lib/use-paged-list.ts). A failure is logged (docs/spec.md section 8)
 * and each screen shows its empty state; the last answer stays while the next one loads.
 */
export function useMarketplaceApps(filters: MarketplaceFilters) {
  return useSWR(marketplaceAppsKey(filters), getMarketplacePage, {
    keepPreviousData: true,
    onError: logLoadFailure('marketplace apps'),
  });
}
