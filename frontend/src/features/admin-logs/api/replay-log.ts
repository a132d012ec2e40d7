import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { ADMIN_LOGS_KEY } from './get-admin-logs';

export const replayLogPath = (id: string) => `/api/admin/logs/${encodeURIComponent(id)}/replay`;

/** POST /api/admin/logs/{id}/replay: queues the logged event for delivery again (same webhook-id). */
export const replayLog = (id: string) => api.post<{ message: string; delivery_id?: string }>(replayLogPath(id));

/** Replays a delivery, then refreshes the log list (the new attempt is logged as it happens). */
export function useReplayLog() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/admin/logs/replay', (_key: string, { arg }: { arg: string }) => replayLog(arg), {
    onSuccess: () => {
      void mutate(ADMIN_LOGS_KEY);
    },
  });
}
