import type { CompleteManualLicenceInput, CompleteManualLicenceResult } from '@shared/schemas/manual-licences';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { ADMIN_MANUAL_LICENCES_KEY } from './get-admin-manual-licences';

/** POST /api/admin/purchases/{id}/complete-licence: an admin records what was sent to the buyer. */
export const completeManualLicenceAsAdmin = (purchaseId: string, body: CompleteManualLicenceInput) =>
  api.post<CompleteManualLicenceResult>(
    `/api/admin/purchases/${encodeURIComponent(purchaseId)}/complete-licence`,
    body,
  );

/** Completes one, then refreshes the pending list (and the App Management purchase histories). */
export function useCompleteManualLicence() {
  const { mutate } = useSWRConfig();
  return async (purchaseId: string, body: CompleteManualLicenceInput) => {
    const result = await completeManualLicenceAsAdmin(purchaseId, body);
    await mutate(
      (key) =>
        typeof key === 'string' &&
        (key === ADMIN_MANUAL_LICENCES_KEY || (key.startsWith('/api/admin/apps/') && key.endsWith('/purchases'))),
    );
    return result;
  };
}
