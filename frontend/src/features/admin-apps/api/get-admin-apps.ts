import useSWR from 'swr';
import type { AppStatus } from '../../../../../shared/app-status';
import type { AdminAppPage, AdminAppTypeFilter } from '../../../../../shared/schemas/admin-lists';
import { api } from '../../../lib/api-client';
import type { AdminAppRow } from '../types';

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
  page: number;
  limit?: number;
  q?: string;
  status?: AppStatus | '';
  type?: AdminAppTypeFilter;
}

/** The page's URL: empty search and filters are left out. */
export function adminAppsPageKey({ page, limit, q, status, type }: AdminAppsPageParams): string {
  const params = new URLSearchParams({ page: String(page) });
  if (limit) params.set('limit', String(limit));
  if (q?.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  if (type && type !== 'all') params.set('type', type);
  return `${ADMIN_APPS_KEY}?${params}`;
}

/** GET /api/admin/apps?page=…: one page (apps awaiting review first) with its counts. */
export function useAdminAppsPage(params: AdminAppsPageParams) {
  return useSWR(adminAppsPageKey(params), (key: string) => api.get<AdminAppPage>(key), { keepPreviousData: true });
}
