import { createGroupHandlerOf } from '../http/group-handler';
import { CHECKOUT_ROUTES } from '../routes';
import { confirmGuestLicence } from './confirm-guest-licence';
import { createCheckoutSession } from './create-checkout-session';
import { createGuestCheckoutSession } from './create-guest-checkout-session';
import { refundPurchase } from './refund-purchase';
import { stripeWebhook } from './stripe-webhook';
import { testCheckoutPage } from './test-checkout-page';
import { testCheckoutPay } from './test-checkout-pay';

/**
 * Lambda of the "checkout" route group, the one function that carries Stripe's SDK: the routes
 * that take or give back money or stand in for Stripe. Checkout sessions (signed in and guest),
 * Stripe's signed webhook, the free licence a guest confirms (the checkout service's grant), the
 * local test checkout (its Pay signs Stripe's event with the SDK) and the admin's refund (admin
 * role, checked by the group router as for every route). What buyers do with purchases already
 * made (their list, invoice, reviews) is the purchases function's, which has no Stripe.
 */
export const handler = createGroupHandlerOf('checkout', CHECKOUT_ROUTES, {
  'POST /api/stripe/create-checkout-session': createCheckoutSession,
  'POST /api/stripe/create-guest-checkout-session': createGuestCheckoutSession,
  'POST /api/stripe/confirm-guest-license': confirmGuestLicence,
  'POST /api/stripe/webhook': stripeWebhook,
  'GET /api/stripe/test-checkout/{session_id}': testCheckoutPage,
  'POST /api/stripe/test-checkout/{session_id}/pay': testCheckoutPay,
  'POST /api/admin/purchases/{id}/refund': refundPurchase,
});
