import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { CheckoutSession } from './create-checkout-session';

export const guestCheckoutSessionPath = '/api/stripe/create-guest-checkout-session';

/**
 * Guest checkout: the licence is kept for the e-mail address (a free one once the mailed link is
 * followed); the guest accepts the requested permissions by checking out (accept_permissions).
 */
export const createGuestCheckoutSession = (appId: string, email: string) =>
  api.post<CheckoutSession>(
    guestCheckoutSessionPath,
    { app_id: appId, email, accept_permissions: true },
    { skipAuthRedirect: true },
  );

export function useCreateGuestCheckoutSession() {
  return useSWRMutation(
    guestCheckoutSessionPath,
    (_path: string, { arg }: { arg: { appId: string; email: string } }) =>
      createGuestCheckoutSession(arg.appId, arg.email),
    { revalidate: false },
  );
}

export const confirmGuestLicensePath = '/api/stripe/confirm-guest-license';

/** The mailed confirmation link's token: grants the free licence a guest asked for. */
export const confirmGuestLicense = (token: string) =>
  api.post<CheckoutSession>(confirmGuestLicensePath, { token }, { skipAuthRedirect: true });
