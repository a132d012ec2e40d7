import type { AppStatus } from '@shared/app-status';
import { ADMIN_PAGE_SIZE, type AdminAppCursorPage, type AdminAppTypeFilter } from '@shared/schemas/admin-lists';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { listPageUrl } from '@/lib/list-page-url';
import type { AdminAppRow } from '../types';

/** A cursor page of App Management, its rows as the screen types them. */
export type AdminAppCursorPageRows = Omit<AdminAppCursorPage, 'items'> & { items: AdminAppRow[] };

/** The SWR key of the admin app list; every admin app action revalidates it (and its pages). */
export const ADMIN_APPS_KEY = '/api/admin/apps';

/** GET /api/admin/apps: every app of every developer. */
export async function getAdminApps(): Promise<AdminAppRow[]> {
  const data = await api.get<AdminAppRow[] | { apps?: AdminAppRow[] }>(ADMIN_APPS_KEY);
  return Array.isArray(data) ? data : (data?.apps ?? []);
}

/** Every app at once (the Dashboard's note on apps edited after approval). */
export function useAdminApps() {
  return useSWR(ADMIN_APPS_KEY, getAdminApps);
}

export interface AdminAppsPageParams {
  limit?: number;
  q?: string;
  status?: AppStatus | '';
  type?: AdminAppTypeFilter;
}

/** A page's URL (cursor mode): the first page without a cursor; empty search and filters are left out. */
export function adminAppsPageKey({ limit = ADMIN_PAGE_SIZE, q, status, type }: AdminAppsPageParams, cursor?: string) {
  return listPageUrl(ADMIN_APPS_KEY, { limit, q, status, type: type === 'all' ? undefined : type }, cursor);
}

export const getAdminAppsPage = (key: string) => api.get<AdminAppCursorPageRows>(key);

/**
 * GET /api/admin/apps?limit=…[&q=…&status=…&type=…]: the first page (off the marketplace newest
 * first, awaiting review among them, then the marketplace A-Z) with App Management's counts; the
 * next pages come through next_cursor (usePagedList).
 */
export function useAdminAppsFirstPage(params: AdminAppsPageParams) {
  return useSWR(adminAppsPageKey(params), getAdminAppsPage, { keepPreviousData: true });
}
