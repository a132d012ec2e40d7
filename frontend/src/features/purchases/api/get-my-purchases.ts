import useSWR from 'swr';
import type { Purchase } from '../../../../../shared/schemas/checkout';
import { api } from '../../../lib/api-client';

export const MY_PURCHASES_KEY = '/api/stripe/my-purchases';

/** GET /api/stripe/my-purchases: the signed-in buyer's licences, newest first. */
export async function getMyPurchases(): Promise<Purchase[]> {
  const data = await api.get<Purchase[]>(MY_PURCHASES_KEY);
  return Array.isArray(data) ? data : [];
}

export function useMyPurchases() {
  return useSWR(MY_PURCHASES_KEY, getMyPurchases, { shouldRetryOnError: false });
}
