import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { AppWebhook } from '../types';

export const appWebhooksKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/webhooks`;

/** GET /api/apps/{id}/webhooks: the app's webhook subscriptions. */
export const getAppWebhooks = (key: string) => api.get<AppWebhook[]>(key);

export function useAppWebhooks(appId: string | null) {
  return useSWR(appId ? appWebhooksKey(appId) : null, getAppWebhooks);
}
