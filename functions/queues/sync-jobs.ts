/**
 * Sync jobs: runs (an admin's trigger) and legacy-event polls (the poll schedule, or the worker's
 * own spread polls), consumed one after the other by the sync worker
 * (functions/workers/sync-worker.ts). A job dead-lettered after its last receive is recorded for
 * GET /api/admin/sync/queue/status and re-driven by POST /queue/retry-failed.
 */
import type { SyncJob } from '../core/sync/ports';
import { defineQueue } from './queue-definition';

export type { SyncJob };

export const syncJobs = defineQueue<SyncJob>({
  urlVariable: 'SYNC_QUEUE_URL',
  maxReceiveCount: 3,
  deadLetterLog: 'sync job dead-lettered',
});
