import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import type { PollingResponse } from '../types';
import { SYNC_STATUS_KEY } from './get-sync-status';

export const STOP_POLLING_PATH = '/api/admin/sync/polling/stop';

/** POST /api/admin/sync/polling/stop: stops polling the legacy system. */
export const stopPolling = () => api.post<PollingResponse>(STOP_POLLING_PATH);

export function useStopPolling() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(STOP_POLLING_PATH, () => stopPolling(), {
    onSuccess: () => {
      void mutate(SYNC_STATUS_KEY);
    },
  });
}
