import { LIMITS } from '@shared/constants';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { PollingResponse } from '../types';
import { SYNC_STATUS_KEY } from './get-sync-status';

export const startPollingPath = (interval: number) => `/api/admin/sync/polling/start?interval=${interval}`;

/** POST /api/admin/sync/polling/start?interval=60: starts polling the legacy system for events. */
export const startPolling = (interval: number = LIMITS.defaultPollingInterval) =>
  api.post<PollingResponse>(startPollingPath(interval));

/** `trigger(seconds)` starts polling at that interval, then refreshes the sync status. */
export function useStartPolling() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/api/admin/sync/polling/start',
    (_key: string, { arg }: { arg: number }) => startPolling(arg),
    {
      onSuccess: () => {
        void mutate(SYNC_STATUS_KEY);
      },
    },
  );
}

/** The interval as typed, when it is a whole number of seconds within the API's bounds; else null. */
export function pollingIntervalOf(text: string): number | null {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < LIMITS.minPollingInterval || n > LIMITS.maxPollingInterval) return null;
  return n;
}
