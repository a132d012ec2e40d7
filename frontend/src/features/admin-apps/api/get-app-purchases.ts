import useSWR from 'swr';
import { api } from '../../../lib/api-client';
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
