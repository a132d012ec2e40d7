import { createGroupHandler } from '../http/group-handler';
import { confirmGuestLicence } from './confirm-guest-licence';
import { createCheckoutSession } from './create-checkout-session';
import { createGuestCheckoutSession } from './create-guest-checkout-session';
import { myPurchases } from './my-purchases';
import { purchaseBySession } from './purchase-by-session';
import { purchaseInvoice } from './purchase-invoice';
import { stripeWebhook } from './stripe-webhook';
import { testCheckoutPage } from './test-checkout-page';
import { testCheckoutPay } from './test-checkout-pay';

/** Lambda of the "checkout" route group: every route of routes.ts with group "checkout". */
export const handler = createGroupHandler('checkout', {
  'POST /api/stripe/create-checkout-session': createCheckoutSession,
  'POST /api/stripe/create-guest-checkout-session': createGuestCheckoutSession,
  'POST /api/stripe/confirm-guest-license': confirmGuestLicence,
  'GET /api/stripe/my-purchases': myPurchases,
  'GET /api/stripe/purchase/{session_id}': purchaseBySession,
  'GET /api/stripe/purchases/{id}/invoice': purchaseInvoice,
  'POST /api/stripe/webhook': stripeWebhook,
  'GET /api/stripe/test-checkout/{session_id}': testCheckoutPage,
  'POST /api/stripe/test-checkout/{session_id}/pay': testCheckoutPay,
});
