/**
 * The labelled local stand-in for Stripe's hosted Checkout (local runtime without Stripe keys):
 * its page (test-checkout-html.ts), and its Pay button, which sends the
 * `checkout.session.completed` event Stripe would send (core/purchases/test-checkout.ts), signed
 * with the real SDK and the webhook secret, over HTTP to the real webhook endpoint.
 */
import { AppError } from '../core/errors';
import type { PurchaseRecord } from '../core/purchases/purchase';
import { testCheckoutCompletedEvent } from '../core/purchases/test-checkout';
import type { Log } from '../core/users/ports';
import { signTestEvent } from './stripe';
import { testCheckoutHtml } from './test-checkout-html';

const WEBHOOK_WAIT_MS = 60_000;

export function localTestCheckout(deps: { appUrl: () => string; log: Log }) {
  return {
    /** The page of a purchase waiting for its test payment. */
    page(purchase: PurchaseRecord, links: { payUrl: string; successUrl: string }): string {
      const slug = purchase.app.slug ?? purchase.app_id;
      return testCheckoutHtml({
        purchase,
        payUrl: links.payUrl,
        cancelUrl: `${deps.appUrl()}/marketplace/app/${encodeURIComponent(slug)}`,
        successUrl: links.successUrl,
      });
    },

    /** Pays: the signed event to the webhook; 502 when the webhook refuses it. */
    async pay(purchase: PurchaseRecord): Promise<void> {
      const payload = JSON.stringify(testCheckoutCompletedEvent(purchase, new Date()));
      const res = await fetch(`${deps.appUrl()}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signTestEvent(payload) },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_WAIT_MS),
      });
      // 503: a second click while the first payment's licence is still being delivered; fine too.
      if (!res.ok && res.status !== 503) {
        deps.log.error('test checkout: webhook refused the event', {
          session_id: purchase.session_id,
          status: res.status,
        });
        throw new AppError(502, 'The test payment could not be delivered to the webhook');
      }
    },
  };
}
