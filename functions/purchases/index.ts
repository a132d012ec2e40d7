import { createGroupHandler } from '../http/group-handler';
import { createReview, deleteReview, updateReview } from './buyer-reviews';
import { grantInstall, installByLink, listInstalls, revokeInstall, revokeInstallByLink } from './installs';
import { myPurchases } from './my-purchases';
import { purchaseBySession } from './purchase-by-session';
import { purchaseInvoice } from './purchase-invoice';

/**
 * Lambda of the "purchases" route group: what a buyer does with purchases already made, none of
 * which calls Stripe: their purchases list, the purchase success page's order details, the PDF
 * invoice, and the writes of verified reviews (a licence holder's own review; the marketplace
 * function only reads), and the buyer's installs (consent: grants and revokes are audited). Kept
 * apart from the checkout function, which carries Stripe's SDK.
 */
export const handler = createGroupHandler('purchases', {
  'GET /api/stripe/my-purchases': myPurchases,
  'GET /api/stripe/purchase/{session_id}': purchaseBySession,
  'GET /api/stripe/purchases/{id}/invoice': purchaseInvoice,
  'POST /api/apps/{id}/reviews': createReview,
  'PUT /api/apps/{id}/reviews/mine': updateReview,
  'DELETE /api/apps/{id}/reviews/mine': deleteReview,
  'GET /api/installs': listInstalls,
  'POST /api/installs/{id}/grant': grantInstall,
  'POST /api/installs/{id}/revoke': revokeInstall,
  'POST /api/install-link': installByLink,
  'POST /api/install-link/revoke': revokeInstallByLink,
});
