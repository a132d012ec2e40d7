import { api } from '@/lib/api-client';
import type { CursorResetResponse } from '../types';
import { SYNC_HEALTH_KEY } from './get-sync-health';
import { useSyncAction } from './sync-action';

export const RESET_CURSOR_PATH = '/api/admin/sync/cursor/reset';

/** POST /api/admin/sync/cursor/reset: moves a stored cursor that is behind the legacy system's back to it. */
export const resetCursor = () => api.post<CursorResetResponse>(RESET_CURSOR_PATH);

export const useResetCursor = () => useSyncAction(RESET_CURSOR_PATH, () => resetCursor(), SYNC_HEALTH_KEY);
