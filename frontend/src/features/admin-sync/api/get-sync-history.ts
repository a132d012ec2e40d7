import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { SyncRun } from '../types';

export const SYNC_HISTORY_KEY = '/api/admin/sync/history?limit=20';

/** GET /api/admin/sync/history: recorded runs, newest first. */
export async function getSyncHistory(): Promise<SyncRun[]> {
  const data = await api.get<{ runs?: SyncRun[] }>(SYNC_HISTORY_KEY);
  return Array.isArray(data?.runs) ? data.runs : [];
}

/** Polls every 2 s while `follow` is set (a run the admin started has not finished yet). */
export function useSyncHistory(follow: boolean) {
  return useSWR(SYNC_HISTORY_KEY, getSyncHistory, {
    shouldRetryOnError: false,
    refreshInterval: follow ? 2000 : 30_000,
  });
}
