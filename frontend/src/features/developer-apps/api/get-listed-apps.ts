import useSWR from 'swr';
import type { AppCard } from '../../../../../shared/schemas/apps';
import { api } from '../../../lib/api-client';

export const LISTED_APPS_KEY = '/api/marketplace/apps';

/** GET /api/marketplace/apps: every approved public app, as visitors see them. */
export async function getListedApps(): Promise<AppCard[]> {
  const data = await api.get<AppCard[] | { items?: AppCard[] }>(LISTED_APPS_KEY);
  return Array.isArray(data) ? data : (data?.items ?? []);
}

export function useListedApps() {
  return useSWR(LISTED_APPS_KEY, getListedApps, { keepPreviousData: true });
}
