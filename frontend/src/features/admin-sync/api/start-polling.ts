import { LIMITS } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import type { PollingResponse } from '../types';
import { SYNC_STATUS_KEY } from './get-sync-status';
import { useSyncAction } from './sync-action';

export const startPollingPath = (interval: number) => `/api/admin/sync/polling/start?interval=${interval}`;

/** POST /api/admin/sync/polling/start?interval=60: starts polling the legacy system for events. */
export const startPolling = (interval: number = LIMITS.defaultPollingInterval) =>
  api.post<PollingResponse>(startPollingPath(interval));

export const useStartPolling = () =>
  useSyncAction('/api/admin/sync/polling/start', () => startPolling(), SYNC_STATUS_KEY);
