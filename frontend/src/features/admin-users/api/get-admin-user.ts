import useSWR from 'swr';
import type { AdminUserDetail } from '../../../../../shared/schemas/admin-users';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';

export const adminUserKey = (id: string) => `${ADMIN_USERS_KEY}/${encodeURIComponent(id)}`;

/** GET /api/admin/users/{id}: 404 {detail: 'User not found.'} when there is no such user. */
export const getAdminUser = (id: string) => api.get<AdminUserDetail>(adminUserKey(id));

export function useAdminUser(id: string) {
  // A 404 will not turn into a user by asking again.
  return useSWR(id ? adminUserKey(id) : null, () => getAdminUser(id), { shouldRetryOnError: false });
}
