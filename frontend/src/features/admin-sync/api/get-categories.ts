import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { listOrEmpty } from './ignore-list-failure';

export const FEATURE_CATEGORIES_KEY = '/api/internal-sync/categories';

/** GET /api/internal-sync/categories: the feature categories for the filter. */
export const getFeatureCategories = () =>
  listOrEmpty(
    'feature categories',
    async () => (await api.get<{ feature_categories?: string[] }>(FEATURE_CATEGORIES_KEY))?.feature_categories,
  );

export function useFeatureCategories() {
  return useSWR(FEATURE_CATEGORIES_KEY, getFeatureCategories);
}
