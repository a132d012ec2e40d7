import { api } from '@/lib/api-client';
import type { PollingResponse } from '../types';
import { SYNC_STATUS_KEY } from './get-sync-status';
import { useSyncAction } from './sync-action';

export const STOP_POLLING_PATH = '/api/admin/sync/polling/stop';

/** POST /api/admin/sync/polling/stop: stops polling the legacy system. */
export const stopPolling = () => api.post<PollingResponse>(STOP_POLLING_PATH);

export const useStopPolling = () => useSyncAction(STOP_POLLING_PATH, () => stopPolling(), SYNC_STATUS_KEY);
