/**
 * Stripe, through the real SDK: Checkout sessions, refunds, subscription cancellation, webhook
 * signature verification, and the signing of the local test-checkout's events. The client is
 * created once per container, only when STRIPE_SECRET_KEY is set.
 *
 * Modes (read from configuration in one place):
 * - 'stripe': STRIPE_SECRET_KEY is set; paid checkouts go to Stripe Checkout.
 * - 'test': local runtime without Stripe keys; the labelled local test-checkout page stands in,
 *   and its events are signed with the local webhook secret (generated under .data/).
 * - 'unavailable': in the cloud without Stripe keys (the Stripe secret the stack created is still
 *   empty); paid checkouts and Stripe's webhook calls answer 503, nothing is faked.
 * In the cloud the keys come from Secrets Manager at cold start (functions/secrets.ts).
 */
import Stripe from 'stripe';
import { getConfig } from '../config';
import type { CheckoutSessionInput, PaymentEvent, PaymentGateway } from '../core/purchases/ports';

export type StripeMode = 'stripe' | 'test' | 'unavailable';

export function stripeMode(): StripeMode {
  const cfg = getConfig();
  if (cfg.STRIPE_SECRET_KEY) return 'stripe';
  return cfg.RUNTIME === 'local' ? 'test' : 'unavailable';
}

export const STRIPE_NOT_CONFIGURED =
  'Payments are not configured yet: the Stripe keys have not been stored in the Stripe secret.';

/**
 * Time limits of the calls to Stripe, inside the 15 s of the functions that make them
 * (lib/function-defaults.ts) and API Gateway's 30 s: each attempt gets at most STRIPE_TIMEOUT_MS,
 * a failed connection or a timeout is retried once (Stripe's idempotency keys make that safe),
 * and all the calls of one operation (a refund makes three) share STRIPE_BUDGET_MS. A Stripe
 * that does not answer within it is a 503 with Retry-After (StripeUnavailableError), leaving the
 * function ~6 s for its own reads and writes: never a Lambda timeout. The SDK's defaults (80 s,
 * 2 retries) would have outlived the function.
 */
export const STRIPE_TIMEOUT_MS = 4_000;
export const STRIPE_NETWORK_RETRIES = 1;
export const STRIPE_BUDGET_MS = 9_000;

/**
 * Stripe failed or did not answer in time (a connection error, a timeout, its 5xx or rate limit):
 * named so that the HTTP layer answers 503 with Retry-After (adapters/resilience.ts), and tagged
 * with the dependency for the log.
 */
export class StripeUnavailableError extends Error {
  override readonly name = 'ServiceUnavailable';
  readonly $dependency = 'Stripe';
}

/** Where the client connects: Stripe's API, or (tests) a stub standing in for it. */
interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}
let endpoint: StripeEndpoint | undefined;

let client: { key: string; stripe: Stripe } | undefined;

function stripe(): Stripe {
  const key = getConfig().STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  // A new client when the key changed (rotated in Secrets Manager).
  if (client?.key !== key) {
    client = {
      key,
      stripe: new Stripe(key, {
        maxNetworkRetries: STRIPE_NETWORK_RETRIES,
        timeout: STRIPE_TIMEOUT_MS,
        appInfo: { name: 'dental-app-marketplace' },
        ...endpoint,
      }),
    };
  }
  return client.stripe;
}

const UNAVAILABLE_TYPES = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/**
 * Runs one gateway operation within STRIPE_BUDGET_MS: `call` gets the request options of each
 * Stripe call (the time left, at most STRIPE_TIMEOUT_MS); Stripe failing or hanging becomes a
 * StripeUnavailableError. Stripe's refusals (a card error, an invalid request) pass through.
 */
async function withinBudget<T>(
  operation: string,
  call: (options: () => Stripe.RequestOptions) => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + STRIPE_BUDGET_MS;
  const options = (): Stripe.RequestOptions => {
    const left = deadline - Date.now();
    if (left < 500)
      throw new StripeUnavailableError(`Stripe ${operation}: no time left in its ${STRIPE_BUDGET_MS} ms budget`);
    return { timeout: Math.min(STRIPE_TIMEOUT_MS, left) };
  };
  try {
    return await call(options);
  } catch (err) {
    if (err instanceof StripeUnavailableError) throw err;
    const type = (err as { type?: string }).type;
    const status = (err as { statusCode?: number }).statusCode;
    if ((type && UNAVAILABLE_TYPES.has(type)) || (typeof status === 'number' && status >= 500)) {
      throw new StripeUnavailableError(`Stripe ${operation}: ${(err as Error).message}`, { cause: err });
    }
    throw err;
  }
}

/** Stripe's webhook calls while the keys are missing in the cloud: 503, so Stripe retries them later. */
export class StripeNotConfiguredError extends Error {}

/** A webhook whose signature does not verify (or that has none). */
export class StripeSignatureError extends Error {}

/**
 * Verifies the Stripe-Signature header over the RAW body with STRIPE_WEBHOOK_SECRET (which also
 * refuses timestamps older than Stripe's 5-minute tolerance) and returns the event.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
  const secret = getConfig().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new StripeNotConfiguredError(STRIPE_NOT_CONFIGURED);
  if (!signature) throw new StripeSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new StripeSignatureError('Invalid Stripe signature');
  }
  return {
    id: event.id,
    type: event.type,
    data: { object: { ...event.data.object } },
  };
}

/** The Stripe-Signature header for a test-checkout event (test mode only). */
export function signTestEvent(payload: string): string {
  const secret = getConfig().STRIPE_WEBHOOK_SECRET;
  if (stripeMode() !== 'test' || !secret) throw new Error('test-checkout events are signed in local test mode only');
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

function sessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  const { payout, metadata } = input;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: input.mode,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency,
          unit_amount: input.amountCents,
          product_data: {
            name: input.productName,
            ...(input.productDescription ? { description: input.productDescription } : {}),
            metadata: { app_id: metadata.app_id },
          },
          ...(input.interval ? { recurring: { interval: input.interval } } : {}),
        },
      },
    ],
    customer_email: input.customerEmail,
    client_reference_id: input.purchaseId,
    metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
  if (input.mode === 'payment') {
    params.payment_intent_data = {
      metadata,
      ...(payout
        ? { application_fee_amount: payout.feeCents, transfer_data: { destination: payout.destination } }
        : {}),
    };
  } else {
    params.subscription_data = {
      metadata,
      ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
      ...(payout
        ? { application_fee_percent: payout.feePercent, transfer_data: { destination: payout.destination } }
        : {}),
    };
  }
  return params;
}

export const stripeGateway: PaymentGateway = {
  createCheckoutSession(input) {
    return withinBudget('checkout session', async (options) => {
      // Idempotent per purchase: a retried call cannot open a second session for the same purchase.
      const session = await stripe().checkout.sessions.create(sessionParams(input), {
        ...options(),
        idempotencyKey: `checkout-${input.purchaseId}`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    });
  },

  refund({ purchaseId, paymentIntentId, invoiceId }) {
    return withinBudget('refund', async (options) => {
      let paymentIntent = paymentIntentId;
      if (!paymentIntent && invoiceId) {
        const payments = await stripe().invoicePayments.list({ invoice: invoiceId, limit: 1 }, options());
        paymentIntent = idOf(payments.data[0]?.payment?.payment_intent);
      }
      if (!paymentIntent) return null;
      const intent = await stripe().paymentIntents.retrieve(paymentIntent, undefined, options());
      const destinationCharge = !!intent.transfer_data?.destination;
      const refund = await stripe().refunds.create(
        {
          payment_intent: paymentIntent,
          metadata: { purchase_id: purchaseId },
          // Destination charges: the developer's share comes back from their account, the platform fee too.
          ...(destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {}),
        },
        { ...options(), idempotencyKey: `refund-${purchaseId}` },
      );
      return { id: refund.id };
    });
  },

  cancelSubscription(subscriptionId) {
    return withinBudget('subscription cancellation', async (options) => {
      await stripe().subscriptions.cancel(subscriptionId, undefined, options());
    });
  },
};

/**
 * Tests switch configuration between suites; this drops a client bound to an old key. With an
 * endpoint, the next client talks to it instead of Stripe (a stub that hangs, in the tests).
 */
export function resetStripeForTests(stub?: StripeEndpoint): void {
  client = undefined;
  endpoint = stub;
}
