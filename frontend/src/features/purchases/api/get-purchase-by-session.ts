import type { PurchaseSessionResult } from '@shared/schemas/checkout';
import { api } from '@/lib/api-client';

export const purchaseSessionPath = (sessionId: string) => `/api/stripe/purchase/${encodeURIComponent(sessionId)}`;

/**
 * GET /api/stripe/purchase/{session_id} (public): the order the success page confirms. It answers
 * 404 while the payment is still being confirmed; the page's timed retry (hooks/use-purchase-result)
 * is the spec's, so there is no SWR hook here.
 */
export const getPurchaseBySession = (sessionId: string, signal?: AbortSignal) =>
  api.get<PurchaseSessionResult>(purchaseSessionPath(sessionId), { signal, skipAuthRedirect: true });
