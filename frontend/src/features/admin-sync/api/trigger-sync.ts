import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SyncType, TriggerSyncResponse } from '../types';
import { SYNC_HISTORY_KEY } from './get-sync-history';
import { SYNC_STATUS_KEY } from './get-sync-status';

export const TRIGGER_SYNC_PATH = '/api/admin/sync/trigger';

/** POST /api/admin/sync/trigger: queues a run of one sync type; answers 202 with the run. */
export const triggerSync = (syncType: SyncType) =>
  api.post<TriggerSyncResponse>(TRIGGER_SYNC_PATH, { sync_type: syncType });

export function useTriggerSync() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(TRIGGER_SYNC_PATH, (_key: string, { arg }: { arg: SyncType }) => triggerSync(arg), {
    onSuccess: () => {
      void mutate(SYNC_STATUS_KEY);
      void mutate(SYNC_HISTORY_KEY);
    },
  });
}
