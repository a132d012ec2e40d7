import { GuestCheckoutRequest } from '@shared/schemas/checkout';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';
import { limitPerClient } from '../wiring/rate-limits';

/**
 * POST /api/stripe/create-guest-checkout-session {app_id, email} (public): creates the buyer's
 * account (no password) or reuses it; {checkout_url, session_id, new_account}.
 */
export const createGuestCheckoutSession: RouteHandler = async (req) => {
  await limitPerClient('guest-checkout', req.clientKey);
  const { app_id, email, accept_permissions } = parse(GuestCheckoutRequest, req.body);
  return ok(await checkoutServices.checkout.startGuestCheckout(app_id, email, accept_permissions === true));
};
