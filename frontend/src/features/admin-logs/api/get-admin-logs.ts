import { LIMITS } from '@shared/constants';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { usePagedArray } from '@/lib/use-paged-array';

/** The spec's screen asks for the newest 100 attempts (section 9). */
export const ADMIN_LOGS_KEY = `/api/admin/logs?limit=${LIMITS.webhookLogFetchLimit}`;

/**
 * GET /api/admin/logs?limit=100: delivery attempts across every app, newest first; the older ones
 * a hundred at a time when asked (`loadMore`, following X-Next-Cursor).
 */
export function useAdminLogs() {
  return usePagedArray<WebhookDeliveryLog>(ADMIN_LOGS_KEY);
}
