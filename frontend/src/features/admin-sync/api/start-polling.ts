import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { LIMITS } from '../../../../../shared/constants';
import { api } from '../../../lib/api-client';
import type { PollingResponse } from '../types';
import { SYNC_STATUS_KEY } from './get-sync-status';

export const startPollingPath = (interval: number) => `/api/admin/sync/polling/start?interval=${interval}`;

/** POST /api/admin/sync/polling/start?interval=60: starts polling the legacy system for events. */
export const startPolling = (interval: number = LIMITS.defaultPollingInterval) =>
  api.post<PollingResponse>(startPollingPath(interval));

export function useStartPolling() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/admin/sync/polling/start', () => startPolling(), {
    onSuccess: () => {
      void mutate(SYNC_STATUS_KEY);
    },
  });
}
