import type { Category } from '@shared/schemas/categories';
import useSWR from 'swr';
import { api } from '../lib/api-client';
import { logLoadFailure } from './log-load-failure';

/** The SWR key of the public category list (the storefront embeds it under this key, ssr/). */
export const CATEGORIES_KEY = '/api/categories';

/** GET /api/categories: active categories in display order, each with its app_count. */
export const getCategories = (): Promise<Category[]> => api.list<Category>(CATEGORIES_KEY);

/**
 * The marketplace categories: the storefront's home and category list, and the category an app is
 * filed under in the submission wizard. A failure is logged (docs/spec.md section 8) and each
 * screen shows its empty or error state; the last answer stays while the list revalidates.
 */
export function useCategories() {
  return useSWR(CATEGORIES_KEY, getCategories, { keepPreviousData: true, onError: logLoadFailure('categories') });
}
