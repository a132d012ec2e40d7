import useSWR from 'swr';
import type { AdminUser } from '../../../../../shared/schemas/admin-users';
import { api } from '../../../lib/api-client';

export const ADMIN_USERS_KEY = '/api/admin/users';

/** GET /api/admin/users: every account, newest first. */
export async function getAdminUsers(): Promise<AdminUser[]> {
  const data = await api.get<AdminUser[]>(ADMIN_USERS_KEY);
  return Array.isArray(data) ? data : [];
}

export function useAdminUsers() {
  return useSWR(ADMIN_USERS_KEY, getAdminUsers, { keepPreviousData: true });
}
