/**
 * The fulfilment worker Lambda: the SQS event source of the fulfilment queue
 * invokes it with a batch of messages, each one purchase's licence delivery or one pool refill
 * (functions/core/licences/fulfilment-queue.ts). The records of a batch are worked on concurrently;
 * a record that throws is reported as a batch item failure, so only it returns to the queue, and
 * after the queue's maxReceiveCount it moves to the dead-letter queue (the purchase then waits as
 * Access Pending for the developer's manual delivery).
 *
 * Locally the same worker runs in the server process on the in-process queue
 * (functions/wiring/fulfilment.ts).
 */

import { sqsBatchHandler } from '../platform/sqs-batch';
import { fulfilmentWorker } from '../wiring/fulfilment';

export const handler = sqsBatchHandler((record) => fulfilmentWorker.handle(record.body), {
  failureMessage: 'fulfilment message failed',
});
