import useSWR from 'swr';
import type { DataAccessView } from '../../../../../shared/schemas/data-access';
import { api } from '../../../lib/api-client';

/** Public: a listed app's data access. Review: the owner's or an admin's view of any app. */
export type DataAccessScope = 'public' | 'review';

export const dataAccessKey = (appId: string, scope: DataAccessScope = 'public') =>
  scope === 'public'
    ? `/api/marketplace/apps/${encodeURIComponent(appId)}/data-access`
    : `/api/apps/${encodeURIComponent(appId)}/data-access`;

export function useDataAccess(appId: string | undefined, scope: DataAccessScope = 'public') {
  return useSWR(appId ? dataAccessKey(appId, scope) : null, (key: string) => api.get<DataAccessView>(key), {
    shouldRetryOnError: false,
  });
}
