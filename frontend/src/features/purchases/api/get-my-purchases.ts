import useSWR from 'swr';
import type { Purchase } from '../../../../../shared/schemas/checkout';
import { api } from '../../../lib/api-client';

export const MY_PURCHASES_KEY = '/api/stripe/my-purchases';

/** GET /api/stripe/my-purchases: the signed-in buyer's licences, newest first. */
export const getMyPurchases = (): Promise<Purchase[]> => api.list<Purchase>(MY_PURCHASES_KEY);

export function useMyPurchases() {
  return useSWR(MY_PURCHASES_KEY, getMyPurchases, { shouldRetryOnError: false });
}
