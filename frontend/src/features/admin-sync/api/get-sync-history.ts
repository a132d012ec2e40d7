import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { listPageUrl } from '@/lib/list-page-url';
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

/**
 * The Sync History screen's address (portal-routes.tsx: admin `sync-history`). Kept here, not in
 * config/paths.ts, which the visitor's download carries (its budget has no room left).
 */
export const SYNC_HISTORY_PATH = '/admin/sync-history';

export interface SyncHistoryFilters {
  /** One sync type; absent: every type. */
  sync_type?: string;
  /** One run status; absent: every status. */
  status?: string;
}

export const SYNC_HISTORY_PAGE = 25;

/** The Sync History screen's page URL: its filters and, after the first page, the cursor. */
export function syncHistoryPageKey(filters: SyncHistoryFilters, cursor?: string): string {
  const { sync_type, status } = filters;
  return listPageUrl('/api/admin/sync/history', { limit: SYNC_HISTORY_PAGE, sync_type, status }, cursor);
}

/** One page of runs, newest first, as a list page ({items, next_cursor}). */
export async function getSyncHistoryPage(key: string): Promise<{ items: SyncRun[]; next_cursor: string | null }> {
  const data = await api.get<{ runs?: SyncRun[]; next_cursor?: string | null }>(key);
  return { items: Array.isArray(data?.runs) ? data.runs : [], next_cursor: data?.next_cursor ?? null };
}

/** The first page of the Sync History screen (the next ones come through usePagedList). */
export function useSyncHistoryFirstPage(filters: SyncHistoryFilters) {
  return useSWR(syncHistoryPageKey(filters), getSyncHistoryPage, { keepPreviousData: true });
}
