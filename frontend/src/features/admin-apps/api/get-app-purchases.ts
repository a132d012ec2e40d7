import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { usePagedArray } from '@/lib/use-paged-array';
import type { AdminPurchase } from '../types';

export const appPurchasesKey = (appId: string) => `/api/admin/apps/${encodeURIComponent(appId)}/purchases`;

const getAppPurchases = (key: string) => api.get<AdminPurchase[]>(key);

/**
 * GET /api/admin/apps/{id}/purchases (public apps). A failure is silently ignored (docs/spec.md
 * section 7): it reads as no purchases.
 */
export function useAppPurchases(appId: string | null) {
  const result = useSWR(appId ? appPurchasesKey(appId) : null, getAppPurchases, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    onError: () => undefined,
  });
  return { data: result.error ? [] : result.data, isLoading: result.isLoading };
}

/**
 * The same list a page at a time (the server's default page, 100; `loadMore` follows
 * X-Next-Cursor): the View dialog's purchase history. A failure reads as no purchases.
 */
export function useAppPurchasePages(appId: string | null) {
  // Its own key (with the default limit spelt out): useAppPurchases caches the plain array under the bare path.
  const pages = usePagedArray<AdminPurchase>(appId ? `${appPurchasesKey(appId)}?limit=100` : null);
  return { ...pages, data: pages.error ? [] : pages.data };
}
