import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export const renewCheckoutPath = '/api/stripe/create-checkout-session';

/** 'Renew License': a new checkout for the same app (POST /api/stripe/create-checkout-session). */
export const renewLicense = (appId: string) => api.post<{ checkout_url: string }>(renewCheckoutPath, { app_id: appId });

export function useRenewLicense() {
  return useSWRMutation(renewCheckoutPath, (_path: string, { arg }: { arg: string }) => renewLicense(arg), {
    // The browser leaves for the checkout page; the purchase list refreshes when it comes back.
    revalidate: false,
  });
}
