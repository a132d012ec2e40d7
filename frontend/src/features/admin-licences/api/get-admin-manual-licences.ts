import useSWR from 'swr';
import type { AdminManualLicenceList } from '../../../../../shared/schemas/manual-licences';
import { fetcher } from '../../../lib/api-client';

/** The SWR key of every pending manual licence (the Dashboard card and App Management share it). */
export const ADMIN_MANUAL_LICENCES_KEY = '/api/admin/manual-licences';

/** GET /api/admin/manual-licences: every pending manual licence, oldest first, with the overdue count. */
export function useAdminManualLicences() {
  return useSWR<AdminManualLicenceList>(ADMIN_MANUAL_LICENCES_KEY, fetcher);
}
