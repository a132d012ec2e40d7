import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export interface CheckoutSession {
  checkout_url: string;
}

export const checkoutSessionPath = '/api/stripe/create-checkout-session';

/**
 * Starts the payment provider's hosted checkout for the signed-in buyer. accept_permissions: the
 * buyer accepts what the app requests (shown in the modal), so the install starts active. A 401 is handled by the
 * checkout modal itself (session expired, back to the app after login), not by the global rule.
 */
export const createCheckoutSession = (appId: string) =>
  api.post<CheckoutSession>(
    checkoutSessionPath,
    { app_id: appId, accept_permissions: true },
    { skipAuthRedirect: true },
  );

export function useCreateCheckoutSession() {
  return useSWRMutation(
    checkoutSessionPath,
    (_path: string, { arg }: { arg: { appId: string } }) => createCheckoutSession(arg.appId),
    // The browser leaves for the checkout page; there is nothing cached to refresh.
    { revalidate: false },
  );
}
