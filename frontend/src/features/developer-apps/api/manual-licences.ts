import type { CompleteManualLicenceResult, ManualLicence, ManualLicenceList } from '@shared/schemas/manual-licences';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const manualLicencesKey = '/api/manual-licences';

/** GET /api/manual-licences: pending manual licences of the developer's apps, oldest first. */
export async function getManualLicences(key: string): Promise<ManualLicence[]> {
  return (await api.get<ManualLicenceList>(key)).licences ?? [];
}

export function useManualLicences() {
  return useSWR(manualLicencesKey, getManualLicences);
}

/** POST /api/manual-licences/{id}/complete: what was sent to the buyer (details and/or a key). */
export const completeManualLicence = (purchaseId: string, body: { access_details?: string; license_key?: string }) =>
  api.post<CompleteManualLicenceResult>(`/api/manual-licences/${encodeURIComponent(purchaseId)}/complete`, body);
