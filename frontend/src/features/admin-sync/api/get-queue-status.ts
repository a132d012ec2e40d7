import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { QueueStatus } from '../types';

export const QUEUE_STATUS_KEY = '/api/admin/sync/queue/status';
/** The queue screen refreshes on its own this often. */
export const QUEUE_REFRESH_MS = 5000;

/** GET /api/admin/sync/queue/status: depth, in flight, failed items and the oldest age. */
export const getQueueStatus = () => api.get<QueueStatus>(QUEUE_STATUS_KEY);

export function useQueueStatus() {
  return useSWR(QUEUE_STATUS_KEY, getQueueStatus, { shouldRetryOnError: false, refreshInterval: QUEUE_REFRESH_MS });
}
