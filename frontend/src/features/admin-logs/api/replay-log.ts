import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export const replayLogPath = (id: string) => `/api/admin/logs/${encodeURIComponent(id)}/replay`;

/** POST /api/admin/logs/{id}/replay: queues the logged event for delivery again (same webhook-id). */
export const replayLog = (id: string) => api.post<{ message: string; delivery_id?: string }>(replayLogPath(id));

/** Replays a delivery (the screen then reads its list again: the new attempt is logged as it happens). */
export function useReplayLog() {
  return useSWRMutation('/api/admin/logs/replay', (_key: string, { arg }: { arg: string }) => replayLog(arg));
}
