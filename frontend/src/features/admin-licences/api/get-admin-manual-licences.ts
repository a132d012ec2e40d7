import type { AdminManualLicenceList } from '@shared/schemas/manual-licences';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api-client';

/** The SWR key of the first page of pending manual licences (the Dashboard card and App Management share it). */
export const ADMIN_MANUAL_LICENCES_KEY = '/api/admin/manual-licences';

/** GET /api/admin/manual-licences: the first page (oldest first) with the pending and overdue counts. */
export function useAdminManualLicences() {
  return useSWR<AdminManualLicenceList>(ADMIN_MANUAL_LICENCES_KEY, fetcher);
}

/** A later page, after `cursor` (the previous page's next_cursor). */
export const getAdminManualLicencesAfter = (cursor: string) =>
  api.get<AdminManualLicenceList>(`${ADMIN_MANUAL_LICENCES_KEY}?cursor=${encodeURIComponent(cursor)}`);
