/**
 * The sync queue (functions/queues/sync-jobs.ts), as its producers and its local consumer (the
 * local server attaches it, bin/local-queue-consumers.ts) use it: the sync service's runs and polls
 * (wiring/sync.ts) and the marketplace's listing builds (wiring/listing.ts). Its own module, so a
 * function that only sends a listing build carries none of the sync service.
 */
import { configuredQueue } from '../adapters/queue';
import { getConfig } from '../config';
import type { SyncQueue } from '../core/sync/ports';
import { syncJobs } from '../queues/sync-jobs';

export const syncQueue = /* @__PURE__ */ configuredQueue(syncJobs, () => ({
  redeliveryDelayMs: getConfig().SYNC_QUEUE_RETRY_DELAY_MS,
}));

export const jobQueue: SyncQueue = {
  send: (job, delaySeconds) => syncQueue.get().send(JSON.stringify(job), { delaySeconds }),
};
