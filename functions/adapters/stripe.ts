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

let client: { key: string; stripe: Stripe } | undefined;

function stripe(): Stripe {
  const key = getConfig().STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  // A new client when the key changed (rotated in Secrets Manager).
  if (client?.key !== key) {
    client = { key, stripe: new Stripe(key, { maxNetworkRetries: 2, appInfo: { name: 'dental-app-marketplace' } }) };
  }
  return client.stripe;
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
    data: { object: event.data.object as unknown as Record<string, unknown> },
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
  async createCheckoutSession(input) {
    // Idempotent per purchase: a retried call cannot open a second session for the same purchase.
    const session = await stripe().checkout.sessions.create(sessionParams(input), {
      idempotencyKey: `checkout-${input.purchaseId}`,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  },

  async refund({ purchaseId, paymentIntentId, invoiceId }) {
    let paymentIntent = paymentIntentId;
    if (!paymentIntent && invoiceId) {
      const payments = await stripe().invoicePayments.list({ invoice: invoiceId, limit: 1 });
      paymentIntent = idOf(payments.data[0]?.payment?.payment_intent);
    }
    if (!paymentIntent) return null;
    const intent = await stripe().paymentIntents.retrieve(paymentIntent);
    const destinationCharge = !!intent.transfer_data?.destination;
    const refund = await stripe().refunds.create(
      {
        payment_intent: paymentIntent,
        metadata: { purchase_id: purchaseId },
        // Destination charges: the developer's share comes back from their account, the platform fee too.
        ...(destinationCharge ? { reverse_transfer: true, refund_application_fee: true } : {}),
      },
      { idempotencyKey: `refund-${purchaseId}` },
    );
    return { id: refund.id };
  },

  async cancelSubscription(subscriptionId) {
    await stripe().subscriptions.cancel(subscriptionId);
  },
};

/** Tests switch configuration between suites; this drops a client bound to an old key. */
export function resetStripeForTests(): void {
  client = undefined;
}
