import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { SyncHealth } from '../types';

export const SYNC_HEALTH_KEY = '/api/admin/sync/health';

/** GET /api/admin/sync/health: each component's status and how it was measured. */
export const getSyncHealth = () => api.get<SyncHealth>(SYNC_HEALTH_KEY);

export function useSyncHealth() {
  return useSWR(SYNC_HEALTH_KEY, getSyncHealth, { shouldRetryOnError: false, refreshInterval: 30_000 });
}
