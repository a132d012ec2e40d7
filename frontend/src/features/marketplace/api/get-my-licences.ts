import type { Purchase } from '../../../../../shared/schemas/checkout';
import { api } from '../../../lib/api-client';
import { useDeveloperRead } from './use-developer-read';

/** Same key as My Purchased Licenses, so a purchase made elsewhere shows here after revalidation. */
export const myLicencesKey = '/api/stripe/my-purchases';

const getMyLicences = async (key: string): Promise<Purchase[]> => {
  const data = await api.get<Purchase[]>(key, { skipAuthRedirect: true });
  return Array.isArray(data) ? data : [];
};

/**
 * The signed-in buyer's licences (GET /api/stripe/my-purchases), used on the app page to tell a
 * buyer they own the app already. Any failure means 'none known': the checkout still refuses a
 * second licence on the server.
 */
export const useMyLicences = () => useDeveloperRead(myLicencesKey, getMyLicences);
