import type { DeveloperInstall } from '@shared/schemas/installs';
import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api-client';

type InstallPage = { items: DeveloperInstall[]; next_cursor: string | null };

/** Installs shown per page in the Analytics dialog. */
export const APP_INSTALLS_PAGE = 25;

const pageKey = (appId: string) => (_index: number, previous: InstallPage | null) => {
  if (previous && !previous.next_cursor) return null;
  const cursor = previous?.next_cursor ? `&cursor=${encodeURIComponent(previous.next_cursor)}` : '';
  return `/api/apps/${encodeURIComponent(appId)}/installs?limit=${APP_INSTALLS_PAGE}${cursor}`;
};

/** GET /api/apps/{id}/installs: the practices' installs of the app, newest first, a page at a time (Load more). */
export function useAppInstalls(appId: string) {
  const res = useSWRInfinite(pageKey(appId), (key: string) => api.get<InstallPage>(key));
  const pages = res.data ?? [];
  return {
    installs: pages.flatMap((p) => p.items),
    more: Boolean(pages.at(-1)?.next_cursor),
    loadMore: () => res.setSize(res.size + 1),
    error: res.error as unknown,
    isLoading: res.isLoading,
    isLoadingMore: res.isValidating && res.size > pages.length,
  };
}
