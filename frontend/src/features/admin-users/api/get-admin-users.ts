import useSWR from 'swr';
import type { AdminUserPage } from '../../../../../shared/schemas/admin-lists';
import { api } from '../../../lib/api-client';

export const ADMIN_USERS_KEY = '/api/admin/users';

export interface AdminUsersPageParams {
  page: number;
  limit?: number;
  q?: string;
  /** One account status (pending, approved, invited); absent: all. */
  status?: string;
}

/** The page's URL: an empty search is left out. */
export function adminUsersPageKey({ page, limit, q, status }: AdminUsersPageParams): string {
  const params = new URLSearchParams({ page: String(page) });
  if (limit) params.set('limit', String(limit));
  if (q?.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  return `${ADMIN_USERS_KEY}?${params}`;
}

/** GET /api/admin/users?page=…[&q=…]: one page (newest first) with the counts User Management shows. */
export function useAdminUsersPage(params: AdminUsersPageParams) {
  return useSWR(adminUsersPageKey(params), (key: string) => api.get<AdminUserPage>(key), { keepPreviousData: true });
}
