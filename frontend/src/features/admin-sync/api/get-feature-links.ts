import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { FeatureLinks } from '../types';

export const featureLinksPath = (id: string) => `/api/internal-sync/features/${encodeURIComponent(id)}/link-events`;

/** GET /api/internal-sync/features/{id}/link-events: the event types and tables linked now. */
export const getFeatureLinks = (path: string) => api.get<FeatureLinks>(path);

/** Loaded only while the feature is expanded. */
export function useFeatureLinks(id: string | null) {
  return useSWR(id ? featureLinksPath(id) : null, getFeatureLinks, { shouldRetryOnError: false });
}
