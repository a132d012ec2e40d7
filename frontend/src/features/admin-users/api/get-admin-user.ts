import type { AdminUserDetail, WebhookLog } from '@shared/schemas/admin-users';
import type { ApiKey } from '@shared/schemas/keys';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';

export const adminUserKey = (id: string) => `${ADMIN_USERS_KEY}/${encodeURIComponent(id)}`;
export const adminUserKeysKey = (userId: string) => `${adminUserKey(userId)}/keys`;
export const adminUserLogsKey = (userId: string) => `${adminUserKey(userId)}/logs`;

/** GET /api/admin/users/{id}: 404 {detail: 'User not found.'} when there is no such user. */
export const getAdminUser = (id: string) => api.get<AdminUserDetail>(adminUserKey(id));

// Asking again turns neither a 404 into a user nor a failed read into a list.
const once = { shouldRetryOnError: false };

export function useAdminUser(id: string) {
  return useSWR(id ? adminUserKey(id) : null, () => getAdminUser(id), once);
}

// The lists under the user are read in parallel with the profile ([] when the answer is not a list).

/** GET /api/admin/users/{id}/keys: the developer's keys, prefixes only. */
export const useAdminUserKeys = (userId: string) =>
  useSWR(userId ? adminUserKeysKey(userId) : null, (key: string) => api.list<ApiKey>(key), once);

/** GET /api/admin/users/{id}/logs: webhook deliveries to the user's apps, newest first. */
export const useAdminUserLogs = (userId: string) =>
  useSWR(userId ? adminUserLogsKey(userId) : null, (key: string) => api.list<WebhookLog>(key), once);
