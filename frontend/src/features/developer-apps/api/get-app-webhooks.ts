import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { AppWebhook } from '../types';

export const appWebhooksKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/webhooks`;

/** GET /api/apps/{id}/webhooks: the app's webhook subscriptions. */
export async function getAppWebhooks(key: string): Promise<AppWebhook[]> {
  const data = await api.get<AppWebhook[] | { webhooks?: AppWebhook[] }>(key);
  return Array.isArray(data) ? data : (data?.webhooks ?? []);
}

export function useAppWebhooks(appId: string | null) {
  return useSWR(appId ? appWebhooksKey(appId) : null, getAppWebhooks);
}
