import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { OwnApp } from '../types';

/** The SWR key of the developer's own apps; every app write revalidates it. */
export const MY_APPS_KEY = '/api/apps';

/** GET /api/apps: the signed-in developer's apps (every type), newest first as the server sends them. */
export const getMyApps = () => api.get<OwnApp[]>(MY_APPS_KEY);

export function useMyApps() {
  return useSWR(MY_APPS_KEY, getMyApps, { keepPreviousData: true });
}
