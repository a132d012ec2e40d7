import { SessionIdParams } from '@shared/schemas/checkout';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';
import { testCheckout } from '../wiring/payments';

/**
 * GET /api/stripe/test-checkout/{session_id}: the local test-checkout page (local runtime without
 * Stripe keys only; otherwise 404). Self-contained HTML clearly marked TEST MODE.
 */
export const testCheckoutPage: RouteHandler = async (req) => {
  const { session_id } = parse(SessionIdParams, req.params);
  const { checkout } = checkoutServices;
  const purchase = await checkout.testCheckoutPurchase(session_id);
  const html = testCheckout.page(purchase, {
    payUrl: `/api/stripe/test-checkout/${encodeURIComponent(session_id)}/pay`,
    successUrl: checkout.successUrl(purchase),
  });
  return {
    status: 200,
    raw: { data: html, contentType: 'text/html; charset=utf-8' },
    headers: {
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    },
  };
};
