import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { OwnApp } from '../types';

/** The SWR key of the developer's own apps; every app write revalidates it. */
export const MY_APPS_KEY = '/api/apps';

/** GET /api/apps: the signed-in developer's apps (every type), newest first as the server sends them. */
export async function getMyApps(): Promise<OwnApp[]> {
  const data = await api.get<OwnApp[] | { items?: OwnApp[] }>(MY_APPS_KEY);
  return Array.isArray(data) ? data : (data?.items ?? []);
}

export function useMyApps() {
  return useSWR(MY_APPS_KEY, getMyApps, { keepPreviousData: true });
}
