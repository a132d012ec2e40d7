import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { Category } from '../types';
import { logLoadFailure } from './log-load-failure';

export const categoriesKey = '/api/categories';

/** Active categories in display order, each with its app_count. */
export async function getCategories(): Promise<Category[]> {
  const data = await api.get<Category[]>(categoriesKey);
  return Array.isArray(data) ? data : [];
}

export function useCategories() {
  return useSWR(categoriesKey, getCategories, {
    keepPreviousData: true,
    onError: logLoadFailure('categories'),
  });
}
