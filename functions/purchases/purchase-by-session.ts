import { SessionIdParams } from '@shared/schemas/checkout';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/**
 * GET /api/stripe/purchase/{session_id} (public; the session id is unguessable): the purchase
 * success page's order details, 404 while the payment is still pending (the page retries).
 */
export const purchaseBySession: RouteHandler = async (req) => {
  const { session_id } = parse(SessionIdParams, req.params);
  return ok(await purchases.bySession(session_id));
};
