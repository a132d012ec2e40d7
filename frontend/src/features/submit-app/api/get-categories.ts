import useSWR from 'swr';
import type { Category } from '../../../../../shared/schemas/categories';
import { api } from '../../../lib/api-client';

export const CATEGORIES_KEY = '/api/categories';

/** GET /api/categories: the marketplace categories an app can be filed under (by name). */
export const getCategories = (): Promise<Category[]> => api.list<Category>(CATEGORIES_KEY);

export function useCategories() {
  return useSWR(CATEGORIES_KEY, getCategories, { revalidateOnFocus: false });
}
