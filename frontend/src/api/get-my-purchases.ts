import type { Purchase } from '@shared/schemas/checkout';
import useSWR from 'swr';
import { api } from '../lib/api-client';
import { usePagedArray } from '../lib/use-paged-array';

/** The path of the signed-in buyer's licences; every screen that shows them reads it through this module. */
export const MY_PURCHASES_KEY = '/api/stripe/my-purchases';

/**
 * GET /api/stripe/my-purchases: the signed-in buyer's licences, newest first, a page at a time (the
 * server's default page, 100; `loadMore` follows X-Next-Cursor): My Purchased Licenses and the
 * developer's purchases tab. A failure is not retried; each screen decides what it shows then.
 */
export function useMyPurchases() {
  // Its own key (with the default limit spelt out): useNewestPurchases caches the plain array under the bare path.
  return usePagedArray<Purchase>(`${MY_PURCHASES_KEY}?limit=100`);
}

/**
 * The first page only (the newest 100 licences), for the app page to tell a buyer they own the app
 * (the checkout still refuses a second licence on the server). `enabled: false` reads nothing (the
 * app page asks only for a signed-in developer). Plain SWR: the server-rendered app page does not
 * carry the paging hook.
 */
export function useNewestPurchases({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR(enabled ? MY_PURCHASES_KEY : null, () => api.list<Purchase>(MY_PURCHASES_KEY), {
    shouldRetryOnError: false,
  });
}
