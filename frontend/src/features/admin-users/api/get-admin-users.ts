import { ADMIN_PAGE_SIZE, type AdminUserPage } from '@shared/schemas/admin-lists';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { listPageUrl } from '@/lib/list-page-url';

export const ADMIN_USERS_KEY = '/api/admin/users';

export interface AdminUsersQuery {
  q?: string;
  /** One account status (pending, approved, invited); absent: all. */
  status?: string;
  limit?: number;
}

/** A page's URL: the first page without a cursor; an empty search is left out. */
export function adminUsersPageKey({ limit = ADMIN_PAGE_SIZE, q, status }: AdminUsersQuery, cursor?: string): string {
  return listPageUrl(ADMIN_USERS_KEY, { limit, q, status }, cursor);
}

export const getAdminUsersPage = (key: string) => api.get<AdminUserPage>(key);

/**
 * GET /api/admin/users?limit=…[&q=…&status=…]: the first page (newest first) with the counts User
 * Management shows; the next pages come through next_cursor (usePagedList).
 */
export function useAdminUsersFirstPage(query: AdminUsersQuery) {
  return useSWR(adminUsersPageKey(query), getAdminUsersPage, { keepPreviousData: true });
}
