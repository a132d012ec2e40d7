import { StripeNotConfiguredError, StripeSignatureError, verifyStripeEvent } from '../adapters/stripe';
import { ServiceUnavailableError, ValidationError } from '../core/errors';
import { ok, type RouteHandler } from '../http/types';
import { checkoutServices } from '../wiring/checkout';

/**
 * POST /api/stripe/webhook (Stripe calls it): the Stripe-Signature is verified over the RAW body;
 * a missing or bad signature is a 400; while the deployment has no Stripe keys yet, a 503 (Stripe
 * retries). Each event is processed once (a duplicate answers
 * {received: true, duplicate: true}); unknown events are acknowledged, never failed.
 */
export const stripeWebhook: RouteHandler = async (req) => {
  let event: ReturnType<typeof verifyStripeEvent>;
  try {
    event = verifyStripeEvent(req.rawBody, req.headers['stripe-signature']);
  } catch (err) {
    if (err instanceof StripeSignatureError) throw new ValidationError(err.message);
    if (err instanceof StripeNotConfiguredError) throw new ServiceUnavailableError(err.message);
    throw err;
  }
  return ok(await checkoutServices.events.handle(event));
};
