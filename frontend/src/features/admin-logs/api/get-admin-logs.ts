import useSWR from 'swr';
import { LIMITS } from '../../../../../shared/constants';
import type { WebhookDeliveryLog } from '../../../../../shared/schemas/webhooks';
import { api } from '../../../lib/api-client';

/** The spec's screen asks for the newest 100 attempts (section 9). */
export const ADMIN_LOGS_KEY = `/api/admin/logs?limit=${LIMITS.webhookLogFetchLimit}`;

/** GET /api/admin/logs?limit=100: delivery attempts across every app, newest first. */
export const getAdminLogs = (): Promise<WebhookDeliveryLog[]> => api.list<WebhookDeliveryLog>(ADMIN_LOGS_KEY);

export function useAdminLogs() {
  return useSWR(ADMIN_LOGS_KEY, getAdminLogs, { shouldRetryOnError: false });
}
