/**
 * Licence fulfilment: "deliver this purchase's licence" and "serve the buyers waiting on this app's
 * refilled key pool" (core/licences/fulfilment-queue.ts), consumed by the fulfilment worker
 * (functions/workers/fulfilment-worker.ts). Required in the cloud: a Lambda's memory is no queue.
 */
import type { FulfilmentMessage } from '../core/licences/fulfilment-queue';
import { defineQueue } from './queue-definition';

export type { FulfilmentMessage };

export const fulfilmentJobs = defineQueue<FulfilmentMessage>({
  urlVariable: 'FULFILMENT_QUEUE_URL',
  maxReceiveCount: 5,
  neededTo: 'deliver licences',
  deadLetterLog: 'fulfilment message dead-lettered',
});
