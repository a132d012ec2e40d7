import type { OwnerAppSummary } from '@shared/schemas/apps';
import useSWR from 'swr';
import { api } from '../lib/api-client';

/** The SWR key of the developer's own apps; every app write revalidates it. */
export const MY_APPS_KEY = '/api/apps';

/** GET /api/apps: the signed-in developer's apps (every type), newest first as the server sends them. */
export async function getMyApps(): Promise<OwnerAppSummary[]> {
  const data = await api.get<OwnerAppSummary[] | { items?: OwnerAppSummary[] }>(MY_APPS_KEY);
  // The call answers a plain list; the paged shape ({items, next_cursor}) is accepted too.
  return Array.isArray(data) ? data : (data?.items ?? []);
}

/**
 * The developer's own apps: My Apps, the developer's marketplace and the app page (to recognise
 * the owner). A failure is not retried; each screen decides what it shows then. `enabled: false`
 * reads nothing (the app page asks only for a signed-in developer).
 */
export function useMyApps({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR(enabled ? MY_APPS_KEY : null, getMyApps, { shouldRetryOnError: false });
}
