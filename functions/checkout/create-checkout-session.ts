import { CreateCheckoutRequest } from '@shared/schemas/checkout';
import { type BuyerHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';

/** POST /api/stripe/create-checkout-session {app_id} (signed in): {checkout_url, session_id}. */
export const createCheckoutSession: BuyerHandler = async (req) => {
  const { app_id, accept_permissions } = parse(CreateCheckoutRequest, req.body);
  return ok(await checkoutServices.checkout.startCheckout(app_id, req.auth.userId, accept_permissions === true));
};
