import useSWR from 'swr';
import { logLoadFailure } from '../../../api/log-load-failure';
import { api } from '../../../lib/api-client';
import type { CategoryApps } from '../types';

export const categoryAppsKey = (slug: string) => `/api/marketplace/apps/category/${encodeURIComponent(slug)}`;

/** One category and its apps; an unknown slug answers 404 {detail: 'Category not found'}. */
export async function getCategoryApps(key: string): Promise<CategoryApps> {
  const data = await api.get<Partial<CategoryApps>>(key);
  return { category: data?.category ?? null, apps: Array.isArray(data?.apps) ? data.apps : [] };
}

export function useCategoryApps(slug: string | undefined) {
  return useSWR(slug ? categoryAppsKey(slug) : null, getCategoryApps, {
    // A different category's apps must never show under this one's name.
    keepPreviousData: false,
    shouldRetryOnError: false,
    onError: logLoadFailure('category apps'),
  });
}
