import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { WebhookLog } from '../types';

export const appWebhookLogsKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/webhook-logs`;

/** GET /api/apps/{id}/webhook-logs: deliveries of the app's webhooks, newest first. */
export const getAppWebhookLogs = (key: string) => api.get<WebhookLog[]>(key);

export function useAppWebhookLogs(appId: string | null) {
  return useSWR(appId ? appWebhookLogsKey(appId) : null, getAppWebhookLogs);
}
