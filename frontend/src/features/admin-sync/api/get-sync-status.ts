import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { SyncStatus } from '../types';

export const SYNC_STATUS_KEY = '/api/admin/sync/status';

/** GET /api/admin/sync/status: legacy users and polling, the last internal sync, catalogue counts. */
export const getSyncStatus = () => api.get<SyncStatus>(SYNC_STATUS_KEY);

/** Refreshes on its own: every 2 s while a sync runs (docs/spec.md section 9), otherwise every 15 s. */
export function useSyncStatus() {
  return useSWR(SYNC_STATUS_KEY, getSyncStatus, {
    shouldRetryOnError: false,
    refreshInterval: (data) => (data && data.running.length > 0 ? 2000 : 15_000),
  });
}
