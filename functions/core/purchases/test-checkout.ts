/**
 * The local test-checkout mode (no Stripe keys, local runtime only): the Pay button completes a
 * purchase by sending the same `checkout.session.completed` event Stripe would send, signed with
 * the webhook secret, to the real webhook endpoint. This builds that event.
 */
import { randomBytes } from 'node:crypto';
import type { PurchaseRecord } from './purchase';

export function testCheckoutCompletedEvent(purchase: PurchaseRecord, now: Date): Record<string, unknown> {
  const created = Math.floor(now.getTime() / 1000);
  const subscription = purchase.pricing_model === 'subscription';
  return {
    id: `evt_test_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: null,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: purchase.session_id,
        object: 'checkout.session',
        mode: subscription ? 'subscription' : 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: purchase.amount_cents,
        amount_subtotal: purchase.amount_cents,
        currency: purchase.currency,
        customer_email: purchase.buyer_email,
        client_reference_id: purchase.id,
        metadata: { purchase_id: purchase.id, app_id: purchase.app_id, user_id: purchase.user_id },
        // Nothing real to refund or cancel later: test purchases have no Stripe objects.
        payment_intent: null,
        subscription: null,
        invoice: null,
        livemode: false,
        created,
      },
    },
  };
}
