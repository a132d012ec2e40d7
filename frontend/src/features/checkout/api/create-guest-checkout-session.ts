import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import type { CheckoutSession } from './create-checkout-session';

export const guestCheckoutSessionPath = '/api/stripe/create-guest-checkout-session';

/** Guest checkout: the server creates the buyer's account from the e-mail and mails the licence there. */
export const createGuestCheckoutSession = (appId: string, email: string) =>
  api.post<CheckoutSession>(guestCheckoutSessionPath, { app_id: appId, email }, { skipAuthRedirect: true });

export function useCreateGuestCheckoutSession() {
  return useSWRMutation(
    guestCheckoutSessionPath,
    (_path: string, { arg }: { arg: { appId: string; email: string } }) =>
      createGuestCheckoutSession(arg.appId, arg.email),
    { revalidate: false },
  );
}
