import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { Purchase } from '../types';

export const MY_PURCHASES_KEY = '/api/stripe/my-purchases';

/** GET /api/stripe/my-purchases: licences the developer bought in the marketplace. */
export const getMyPurchases = () => api.get<Purchase[]>(MY_PURCHASES_KEY);

/** A failure reads as an empty list (the tab shows its empty state). */
export function useMyPurchases() {
  const result = useSWR(MY_PURCHASES_KEY, getMyPurchases, { shouldRetryOnError: false });
  return { ...result, data: result.error ? [] : result.data };
}
