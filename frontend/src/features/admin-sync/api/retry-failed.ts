import { api } from '@/lib/api-client';
import type { RetryFailedResponse } from '../types';
import { QUEUE_STATUS_KEY } from './get-queue-status';
import { useSyncAction } from './sync-action';

export const RETRY_FAILED_PATH = '/api/admin/sync/queue/retry-failed';

/** POST /api/admin/sync/queue/retry-failed: re-drives the dead-lettered items; says how many. */
export const retryFailed = () => api.post<RetryFailedResponse>(RETRY_FAILED_PATH);

export const useRetryFailed = () => useSyncAction(RETRY_FAILED_PATH, () => retryFailed(), QUEUE_STATUS_KEY);
