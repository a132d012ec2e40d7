import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { AdminCategory } from '../types';

export const adminCategoriesKey = '/api/admin/categories';

/** Every category, inactive ones included, each with its app_count. */
export const getAdminCategories = (): Promise<AdminCategory[]> => api.list<AdminCategory>(adminCategoriesKey);

export function useAdminCategories() {
  return useSWR(adminCategoriesKey, getAdminCategories, { keepPreviousData: true });
}
