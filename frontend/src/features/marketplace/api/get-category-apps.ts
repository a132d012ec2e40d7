import useSWR from 'swr';
import { type MarketplaceFilters, marketplaceQuery } from '@/api/get-marketplace-apps';
import { logLoadFailure } from '@/api/log-load-failure';
import { api } from '@/lib/api-client';
import type { CategoryApps } from '../types';

/** The path of one category's apps, and the key of a page of them (filters as the list's, the category in the path). */
export const categoryAppsPath = (slug: string) => `/api/marketplace/apps/category/${encodeURIComponent(slug)}`;
export const categoryAppsKey = (slug: string, filters: Omit<MarketplaceFilters, 'category'>, cursor?: string | null) =>
  `${categoryAppsPath(slug)}?${marketplaceQuery(filters, cursor)}`;

/** One category and a page of its apps; an unknown slug answers 404 {detail: 'Category not found'}. */
export async function getCategoryApps(key: string): Promise<CategoryApps> {
  const data = await api.get<Partial<CategoryApps>>(key);
  return {
    category: data?.category ?? null,
    apps: Array.isArray(data?.apps) ? data.apps : [],
    next_cursor: data?.next_cursor ?? null,
    total: typeof data?.total === 'number' ? data.total : Array.isArray(data?.apps) ? data.apps.length : 0,
  };
}

/** The first page of one category's apps matching `filters` (the server renders it under this key). */
export function useCategoryApps(slug: string | undefined, filters: Omit<MarketplaceFilters, 'category'>) {
  return useSWR(slug ? categoryAppsKey(slug, filters) : null, getCategoryApps, {
    // A different category's apps must never show under this one's name; a new search of this one keeps the last.
    keepPreviousData: true,
    shouldRetryOnError: false,
    onError: logLoadFailure('category apps'),
  });
}
