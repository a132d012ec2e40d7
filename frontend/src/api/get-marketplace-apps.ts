import useSWR from 'swr';
import type { AppCard } from '../../../shared/schemas/apps';
import { api } from '../lib/api-client';
import { logLoadFailure } from './log-load-failure';

/** The SWR key of every listed app (the storefront embeds it under this key, ssr/). */
export const MARKETPLACE_APPS_KEY = '/api/marketplace/apps';

/** GET /api/marketplace/apps: every approved public app, as visitors see them. */
export async function getMarketplaceApps(): Promise<AppCard[]> {
  const data = await api.get<AppCard[] | { items?: AppCard[] }>(MARKETPLACE_APPS_KEY);
  // The call answers a plain list; the paged shape ({items, next_cursor}) is accepted too.
  return Array.isArray(data) ? data : (data?.items ?? []);
}

/**
 * Every listed app: the storefront's home (which filters on the client so typing feels instant)
 * and the developer's marketplace. A failure is logged (docs/spec.md section 8) and each screen
 * shows its empty state; the last answer stays while the list revalidates.
 */
export function useMarketplaceApps() {
  return useSWR(MARKETPLACE_APPS_KEY, getMarketplaceApps, {
    keepPreviousData: true,
    onError: logLoadFailure('marketplace apps'),
  });
}
