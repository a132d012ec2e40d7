import { SessionIdParams } from '@shared/schemas/checkout';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';
import { testCheckout } from '../wiring/payments';

/**
 * POST /api/stripe/test-checkout/{session_id}/pay (local test mode only, else 404): builds the
 * `checkout.session.completed` event Stripe would send, signs it with the real SDK and POSTs it
 * over HTTP to the real webhook endpoint, then sends the browser to the success page (303).
 * Paying an already completed session just goes to the success page.
 */
export const testCheckoutPay: RouteHandler = async (req) => {
  const { session_id } = parse(SessionIdParams, req.params);
  const { checkout } = checkoutServices;
  const purchase = await checkout.testCheckoutPurchase(session_id);
  if (purchase.status === 'pending') await testCheckout.pay(purchase);
  return {
    status: 303,
    raw: { data: '', contentType: 'text/plain; charset=utf-8' },
    headers: { location: checkout.successUrl(purchase) },
  };
};
