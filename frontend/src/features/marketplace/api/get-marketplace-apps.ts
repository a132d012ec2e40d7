import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { MarketplaceApp } from '../types';
import { logLoadFailure } from './log-load-failure';

export const marketplaceAppsKey = '/api/marketplace/apps';

/** Every approved public app; the home page filters on the client so typing feels instant. */
export async function getMarketplaceApps(): Promise<MarketplaceApp[]> {
  const data = await api.get<MarketplaceApp[] | { items?: MarketplaceApp[] }>(marketplaceAppsKey);
  // The call answers a plain list; the paged shape ({items, next_cursor}) is accepted too.
  return Array.isArray(data) ? data : (data?.items ?? []);
}

export function useMarketplaceApps() {
  return useSWR(marketplaceAppsKey, getMarketplaceApps, {
    keepPreviousData: true,
    onError: logLoadFailure('marketplace apps'),
  });
}
