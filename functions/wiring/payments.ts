/**
 * Payments: Stripe (adapters/stripe.ts) when its keys are configured, the labelled local test
 * checkout locally without them, 'unavailable' in the cloud until the keys are stored. Only the
 * function that takes and refunds payments imports this module (checkout, which also serves the
 * admin's refund route), so only it carries the Stripe SDK.
 */
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { sesMailer } from '../adapters/mailer';
import {
  StripeNotConfiguredError,
  StripeSignatureError,
  stripeGateway,
  stripeMode,
  verifyStripeEvent,
} from '../adapters/stripe';
import { localTestCheckout } from '../adapters/test-checkout';
import { getConfig } from '../config';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../core/errors';
import type { PaymentMode } from '../core/purchases/checkout-service';
import { createRefunds } from '../core/purchases/refunds';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { licenceWebhookEvents } from './webhook-events';

/**
 * Stripe's event of a webhook call, verified over the raw body: 400 when the signature is missing
 * or bad, 503 while this deployment has no Stripe keys yet (Stripe retries).
 */
export function verifiedStripeEvent(rawBody: Buffer, signature: string | undefined) {
  try {
    return verifyStripeEvent(rawBody, signature);
  } catch (err) {
    if (err instanceof StripeSignatureError) throw new ValidationError(err.message);
    if (err instanceof StripeNotConfiguredError) throw new ServiceUnavailableError(err.message);
    throw err;
  }
}

/**
 * The local test checkout (no Stripe keys, local runtime): its page and its Pay button. The Lambda
 * bundles are built with NODE_ENV=production (lib/bundling.ts), where the test mode never runs (its
 * routes answer 404 first: checkout.testCheckoutPurchase), so the page and its signer are left out
 * of them (~3 KB of the checkout function, which carries Stripe's SDK under the 500 KB limit).
 */
export const testCheckout = /* @__PURE__ */ lazyService(
  (): ReturnType<typeof localTestCheckout> =>
    process.env.NODE_ENV === 'production'
      ? {
          page: () => {
            throw new NotFoundError('Not found');
          },
          pay: async () => {
            throw new NotFoundError('Not found');
          },
        }
      : localTestCheckout({ appUrl: () => getConfig().APP_URL, log: logger }),
);

export function paymentMode(): PaymentMode {
  const mode = stripeMode();
  return mode === 'stripe' ? { kind: 'stripe', gateway: stripeGateway } : { kind: mode };
}

/**
 * The admin's refunds (core/purchases/refunds.ts): card payments back through Stripe (503 while it
 * is not configured), the licence revoked, license.revoked to the developer's webhooks, the buyer
 * mailed. Built again when the Stripe keys arrive or change (lazy.ts).
 */
export const refunds = /* @__PURE__ */ lazyService(() =>
  createRefunds({
    purchases: dynamoPurchasesRepository,
    mailer: sesMailer,
    gateway: stripeMode() === 'stripe' ? stripeGateway : null,
    events: licenceWebhookEvents,
    appUrl: getConfig().APP_URL,
    log: logger,
  }),
);
