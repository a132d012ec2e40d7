import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { TriggerSyncResponse } from '../types';

export const LOAD_INTERNAL_PATH = '/api/internal-sync/load';

/** POST /api/internal-sync/load: starts a full sync of the internal catalogue (202 with the run). */
export const loadInternalSync = () => api.post<TriggerSyncResponse>(LOAD_INTERNAL_PATH);

export function useLoadInternalSync() {
  return useSWRMutation(LOAD_INTERNAL_PATH, () => loadInternalSync());
}
