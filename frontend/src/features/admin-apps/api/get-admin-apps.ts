import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { AdminAppRow } from '../types';

/** The SWR key of the admin app list; every admin app action revalidates it. */
export const ADMIN_APPS_KEY = '/api/admin/apps';

/** GET /api/admin/apps: every app of every developer. */
export async function getAdminApps(): Promise<AdminAppRow[]> {
  const data = await api.get<AdminAppRow[] | { apps?: AdminAppRow[] }>(ADMIN_APPS_KEY);
  return Array.isArray(data) ? data : (data?.apps ?? []);
}

export function useAdminApps() {
  return useSWR(ADMIN_APPS_KEY, getAdminApps, { keepPreviousData: true });
}
