import useSWR from 'swr';
import type { ApiKey } from '../../../../../shared/schemas/keys';
import { api } from '../../../lib/api-client';
import { adminUserKey } from './get-admin-user';

export const adminUserKeysKey = (userId: string) => `${adminUserKey(userId)}/keys`;

/** GET /api/admin/users/{id}/keys: the developer's keys, prefixes only. */
export async function getAdminUserKeys(userId: string): Promise<ApiKey[]> {
  const data = await api.get<ApiKey[]>(adminUserKeysKey(userId));
  return Array.isArray(data) ? data : [];
}

export function useAdminUserKeys(userId: string) {
  return useSWR(userId ? adminUserKeysKey(userId) : null, () => getAdminUserKeys(userId), {
    shouldRetryOnError: false,
  });
}
