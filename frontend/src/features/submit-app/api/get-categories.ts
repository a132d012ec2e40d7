import useSWR from 'swr';
import type { Category } from '../../../../../shared/schemas/categories';
import { api } from '../../../lib/api-client';

export const CATEGORIES_KEY = '/api/categories';

/** GET /api/categories: the marketplace categories an app can be filed under (by name). */
export async function getCategories(): Promise<Category[]> {
  const data = await api.get<Category[]>(CATEGORIES_KEY);
  return Array.isArray(data) ? data : [];
}

export function useCategories() {
  return useSWR(CATEGORIES_KEY, getCategories, { revalidateOnFocus: false });
}
