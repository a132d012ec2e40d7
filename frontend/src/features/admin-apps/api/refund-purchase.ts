import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { appPurchasesKey } from './get-app-purchases';

/**
 * POST /api/admin/purchases/{id}/refund: the 30-day money-back guarantee (refunded through
 * Stripe when paid there; the licence is revoked and the buyer e-mailed).
 */
export function useRefundPurchase(appId: string) {
  const { mutate } = useSWRConfig();
  return async (purchaseId: string) => {
    const res = await api.post<{ message?: string }>(`/api/admin/purchases/${encodeURIComponent(purchaseId)}/refund`);
    await mutate(appPurchasesKey(appId));
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/admin/apps'));
    return res;
  };
}
