import { ConfirmGuestLicenceRequest } from '@shared/schemas/checkout';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { checkoutServices } from '../wiring/checkout';

/**
 * POST /api/stripe/confirm-guest-license {token} (public; the token only travels in the mailed
 * link): grants the free licence a guest asked for, now that the address's owner confirmed it.
 * A POST from the confirmation page, never a GET, so mail scanners that open links grant nothing.
 */
export const confirmGuestLicence: RouteHandler = async (req) => {
  const { token } = parse(ConfirmGuestLicenceRequest, req.body);
  return ok(await checkoutServices.checkout.confirmGuestLicence(token));
};
