import { createGroupHandler } from '../http/group-handler';
import { createReview, deleteReview, updateReview } from '../reviews/buyer-reviews';
import { confirmGuestLicence } from './confirm-guest-licence';
import { createCheckoutSession } from './create-checkout-session';
import { createGuestCheckoutSession } from './create-guest-checkout-session';
import { myPurchases } from './my-purchases';
import { purchaseBySession } from './purchase-by-session';
import { purchaseInvoice } from './purchase-invoice';
import { refundPurchase } from './refund-purchase';
import { stripeWebhook } from './stripe-webhook';
import { testCheckoutPage } from './test-checkout-page';
import { testCheckoutPay } from './test-checkout-pay';

/**
 * Lambda of the "checkout" route group: every route of routes.ts with group "checkout", including
 * the writes of verified reviews (a licence holder's own review), since the marketplace function only reads,
 * and the admin's refund (admin role, checked by the group router as for every route): the one admin
 * route that needs Stripe, kept with the other Stripe calls so the admin function carries no Stripe SDK.
 */
export const handler = createGroupHandler('checkout', {
  'POST /api/stripe/create-checkout-session': createCheckoutSession,
  'POST /api/stripe/create-guest-checkout-session': createGuestCheckoutSession,
  'POST /api/stripe/confirm-guest-license': confirmGuestLicence,
  'GET /api/stripe/my-purchases': myPurchases,
  'GET /api/stripe/purchase/{session_id}': purchaseBySession,
  'GET /api/stripe/purchases/{id}/invoice': purchaseInvoice,
  'POST /api/stripe/webhook': stripeWebhook,
  'POST /api/apps/{id}/reviews': createReview,
  'PUT /api/apps/{id}/reviews/mine': updateReview,
  'DELETE /api/apps/{id}/reviews/mine': deleteReview,
  'GET /api/stripe/test-checkout/{session_id}': testCheckoutPage,
  'POST /api/stripe/test-checkout/{session_id}/pay': testCheckoutPay,
  'POST /api/admin/purchases/{id}/refund': refundPurchase,
});
