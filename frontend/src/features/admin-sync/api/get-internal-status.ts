import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { InternalSyncStatus } from '../types';

export const INTERNAL_STATUS_KEY = '/api/internal-sync/status';

/** GET /api/internal-sync/status: the last sync, whether one runs now, and the catalogue counts. */
export const getInternalStatus = () => api.get<InternalSyncStatus>(INTERNAL_STATUS_KEY);

/** Keeps polling every 2 s (docs/spec.md section 9) while a sync runs. */
export function useInternalStatus(follow: boolean) {
  return useSWR(INTERNAL_STATUS_KEY, getInternalStatus, {
    shouldRetryOnError: false,
    refreshInterval: (data) => (follow || data?.running ? 2000 : 0),
  });
}
