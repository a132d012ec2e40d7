import { ok, type RouteHandler } from '../http/types';
import { checkoutServices } from '../wiring/checkout';
import { verifiedStripeEvent } from '../wiring/payments';

/**
 * POST /api/stripe/webhook (Stripe calls it): the Stripe-Signature is verified over the RAW body;
 * a missing or bad signature is a 400; while the deployment has no Stripe keys yet, a 503 (Stripe
 * retries). Each event is processed once (a duplicate answers
 * {received: true, duplicate: true}); unknown events are acknowledged, never failed.
 */
export const stripeWebhook: RouteHandler = async (req) => {
  const event = verifiedStripeEvent(req.rawBody, req.headers['stripe-signature']);
  return ok(await checkoutServices.events.handle(event));
};
