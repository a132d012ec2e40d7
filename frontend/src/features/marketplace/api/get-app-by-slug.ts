import useSWR, { preload } from 'swr';
import { logLoadFailure } from '@/api/log-load-failure';
import { api } from '@/lib/api-client';
import type { AppDetail } from '../types';

/** The slug when the app has one, otherwise its id (the server resolves either). */
export const appDetailKey = (slugOrId: string) => `/api/marketplace/apps/by-slug/${encodeURIComponent(slugOrId)}`;

export const getAppDetail = (key: string) => api.get<AppDetail>(key);

/** Warms the cache when a card is hovered or focused, so the detail page opens with its data. */
export const preloadAppDetail = (slugOrId: string): void => {
  preload(appDetailKey(slugOrId), getAppDetail).catch(() => undefined);
};

export function useAppDetail(slugOrId: string | undefined) {
  return useSWR(slugOrId ? appDetailKey(slugOrId) : null, getAppDetail, {
    shouldRetryOnError: false,
    onError: logLoadFailure('app'),
  });
}
