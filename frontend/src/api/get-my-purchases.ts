import useSWR from 'swr';
import type { Purchase } from '../../../shared/schemas/checkout';
import { api } from '../lib/api-client';

/** The SWR key of the signed-in buyer's licences; every screen that shows them reads it through useMyPurchases. */
export const MY_PURCHASES_KEY = '/api/stripe/my-purchases';

/** GET /api/stripe/my-purchases: the signed-in buyer's licences, newest first. */
export const getMyPurchases = (): Promise<Purchase[]> => api.list<Purchase>(MY_PURCHASES_KEY);

/**
 * The buyer's licences: My Purchased Licenses, the developer's purchases tab and the app page (to
 * tell a buyer they own the app). A failure is not retried; each screen decides what it shows then.
 * `enabled: false` reads nothing (the app page asks only for a signed-in developer).
 */
export function useMyPurchases({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR(enabled ? MY_PURCHASES_KEY : null, getMyPurchases, { shouldRetryOnError: false });
}
