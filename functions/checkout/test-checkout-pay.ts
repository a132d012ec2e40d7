import { SessionIdParams } from '../../shared/schemas/checkout';
import { signTestEvent } from '../adapters/stripe';
import { getConfig } from '../config';
import { AppError } from '../core/errors';
import { testCheckoutCompletedEvent } from '../core/purchases/test-checkout';
import { logger } from '../http/logger';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';

const WEBHOOK_WAIT_MS = 60_000;

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
  if (purchase.status === 'pending') {
    const payload = JSON.stringify(testCheckoutCompletedEvent(purchase, new Date()));
    const res = await fetch(`${getConfig().APP_URL}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signTestEvent(payload) },
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_WAIT_MS),
    });
    // 503: a second click while the first payment's licence is still being delivered; fine too.
    if (!res.ok && res.status !== 503) {
      logger.error('test checkout: webhook refused the event', { session_id, status: res.status });
      throw new AppError(502, 'The test payment could not be delivered to the webhook');
    }
  }
  return {
    status: 303,
    raw: { data: '', contentType: 'text/plain; charset=utf-8' },
    headers: { location: checkout.successUrl(purchase) },
  };
};
