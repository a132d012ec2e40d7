import useSWR from 'swr';
import type { WebhookLog } from '../../../../../shared/schemas/admin-users';
import { api } from '../../../lib/api-client';
import { adminUserKey } from './get-admin-user';

export const adminUserLogsKey = (userId: string) => `${adminUserKey(userId)}/logs`;

/** GET /api/admin/users/{id}/logs: webhook deliveries to the user's apps, newest first. */
export async function getAdminUserLogs(userId: string): Promise<WebhookLog[]> {
  const data = await api.get<WebhookLog[]>(adminUserLogsKey(userId));
  return Array.isArray(data) ? data : [];
}

export function useAdminUserLogs(userId: string) {
  return useSWR(userId ? adminUserLogsKey(userId) : null, () => getAdminUserLogs(userId), {
    shouldRetryOnError: false,
  });
}
