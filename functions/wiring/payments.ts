/**
 * Payments: Stripe (adapters/stripe.ts) when its keys are configured, the labelled local test
 * checkout locally without them, 'unavailable' in the cloud until the keys are stored. Only the
 * function that takes and refunds payments imports this module (checkout, which also serves the
 * admin's refund route), so only it carries the Stripe SDK; importing it installs the gateway
 * refunds use (wiring/purchases.ts).
 */
import { stripeGateway, stripeMode } from '../adapters/stripe';
import type { PaymentMode } from '../core/purchases/checkout-service';
import { installPaymentGateway, purchases } from './purchases';

export function paymentMode(): PaymentMode {
  const mode = stripeMode();
  return mode === 'stripe' ? { kind: 'stripe', gateway: stripeGateway } : { kind: mode };
}

installPaymentGateway(() => (stripeMode() === 'stripe' ? stripeGateway : null));

/** The purchases service with refunds through the payment gateway (the admin's refund route). */
export const refundingPurchases = purchases;
