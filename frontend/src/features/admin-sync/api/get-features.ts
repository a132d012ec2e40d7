import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Feature } from '../types';
import { listOrEmpty } from './ignore-list-failure';

export const FEATURES_PATH = '/api/internal-sync/features';

/** The list's key: the search and category filters go to the server as query parameters. */
export function featuresKey(search: string, category: string): string {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  if (category) q.set('category', category);
  const qs = q.toString();
  return qs ? `${FEATURES_PATH}?${qs}` : FEATURES_PATH;
}

/** GET /api/internal-sync/features?search=&category=: the catalogue's features (a failure gives none). */
export const getFeatures = (key: string) =>
  listOrEmpty('features', async () => (await api.get<{ features?: Feature[] }>(key))?.features);

export function useFeatures(search: string, category: string) {
  return useSWR(featuresKey(search, category), getFeatures, { keepPreviousData: true });
}
