/**
 * The requests' side of the catalogue jobs (core/apps/catalogue-jobs.ts): asking the sync worker,
 * on the sync queue (wiring/sync-queue.ts), to re-file a category's apps or to delete a deleted
 * app's key pool, in pages after the request. The worker's side is wiring/sync.ts's catalogueJobs.
 */
import type { KeyPoolPort } from '../core/apps/key-pool';
import type { CategoryRefiling } from '../core/categories/category-repository';
import { jobQueue } from './sync-queue';

export const categoryRefiling: CategoryRefiling = {
  request: (from, to, release) => jobQueue.send({ kind: 'refile-category', from, to, ...(release ? { release } : {}) }),
};

/** A key pool whose deleteAll asks the worker to delete it (one message). */
export const withQueuedPoolDelete = (pool: Omit<KeyPoolPort, 'deleteAll'>): KeyPoolPort => ({
  ...pool,
  deleteAll: (appId) => jobQueue.send({ kind: 'delete-pool', app_id: appId }),
});
