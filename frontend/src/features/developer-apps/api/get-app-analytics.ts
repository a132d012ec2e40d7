import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { AppAnalytics } from '../types';

export const appAnalyticsKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/analytics`;

/** GET /api/apps/{id}/analytics: sales, revenue, customers and recent purchases (public apps only). */
export function useAppAnalytics(appId: string | null) {
  return useSWR(appId ? appAnalyticsKey(appId) : null, (key: string) => api.get<AppAnalytics>(key));
}
