import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { AdminCategory } from '../types';

export const adminCategoriesKey = '/api/admin/categories';

/** Every category, inactive ones included, each with its app_count. */
export async function getAdminCategories(): Promise<AdminCategory[]> {
  const data = await api.get<AdminCategory[]>(adminCategoriesKey);
  return Array.isArray(data) ? data : [];
}

export function useAdminCategories() {
  return useSWR(adminCategoriesKey, getAdminCategories, { keepPreviousData: true });
}
