import type { CompleteManualLicenceResult, ManualLicenceList } from '@shared/schemas/manual-licences';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const manualLicencesKey = '/api/manual-licences';

/**
 * GET /api/manual-licences: the first page of the pending manual licences of the developer's apps,
 * oldest first, and the next page's cursor (null on the last).
 */
export async function getManualLicences(key: string): Promise<ManualLicenceList> {
  const page = await api.get<ManualLicenceList>(key);
  return { licences: page.licences ?? [], next_cursor: page.next_cursor ?? null };
}

export function useManualLicences() {
  return useSWR(manualLicencesKey, getManualLicences);
}

/** A later page, after `cursor` (the previous page's next_cursor). */
export const getManualLicencesAfter = (cursor: string) =>
  getManualLicences(`${manualLicencesKey}?cursor=${encodeURIComponent(cursor)}`);

/** POST /api/manual-licences/{id}/complete: what was sent to the buyer (details and/or a key). */
export const completeManualLicence = (purchaseId: string, body: { access_details?: string; license_key?: string }) =>
  api.post<CompleteManualLicenceResult>(`/api/manual-licences/${encodeURIComponent(purchaseId)}/complete`, body);
