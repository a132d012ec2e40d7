/**
 * Composition root of licence delivery (issue 12 item 3), without Stripe: the delivery itself
 * (createLicenceFulfilment wired to DynamoDB, SES and the outgoing-HTTP adapter), the fulfilment
 * queue (SQS when FULFILMENT_QUEUE_URL is set, which the cloud requires; the in-process queue
 * locally, consumed in this process like the worker Lambda consumes SQS) and its worker.
 *
 * The checkout and developer-apps functions only enqueue (queuedFulfilment); the fulfilment worker
 * Lambda (functions/workers/fulfilment-worker.ts) delivers.
 */
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { InProcessQueue, type MessageQueue, type ReceivedMessage, SqsMessageQueue } from '../adapters/queue';
import { getConfig } from '../config';
import {
  createFulfilmentWorker,
  createQueuedFulfilment,
  type FulfilmentWorker,
} from '../core/licences/fulfilment-queue';
import { logger } from '../http/logger';
import { buildLicenceFulfilment } from './fulfilment-service';

/** Receives of a fulfilment message before it is dead-lettered; lib/queues.ts gives SQS the same number. */
export const FULFILMENT_MAX_RECEIVE_COUNT = 5;

export { buildLicenceFulfilment };

let worker: FulfilmentWorker | undefined;

/** The worker of this process (the Lambda's, or the local server's on the in-process queue). */
export function fulfilmentWorker(): FulfilmentWorker {
  worker ??= createFulfilmentWorker({
    purchases: dynamoPurchasesRepository,
    fulfilment: buildLicenceFulfilment(),
    log: logger,
  });
  return worker;
}

let queue: MessageQueue | undefined;
let localQueue: InProcessQueue | undefined;

function fulfilmentQueue(): MessageQueue {
  if (queue) return queue;
  const cfg = getConfig();
  if (cfg.FULFILMENT_QUEUE_URL) {
    queue = new SqsMessageQueue(cfg.FULFILMENT_QUEUE_URL);
  } else if (cfg.RUNTIME === 'aws') {
    // A Lambda's memory is no queue: refuse rather than lose a licence.
    throw new Error('Configuration error in FULFILMENT_QUEUE_URL: required in the cloud to deliver licences');
  } else {
    localQueue = new InProcessQueue({
      maxReceiveCount: FULFILMENT_MAX_RECEIVE_COUNT,
      redeliveryDelayMs: 5000,
      onDeadLetter: (message: ReceivedMessage, err: unknown) =>
        logger.error('fulfilment message dead-lettered', {
          messageId: message.messageId,
          receiveCount: message.receiveCount,
          error: err instanceof Error ? err.message : String(err),
        }),
    });
    localQueue.start((message) => fulfilmentWorker().handle(message.body));
    queue = localQueue;
  }
  return queue;
}

/** What the API functions use: enqueue a purchase's delivery, or a pool refill, and answer at once. */
export const queuedFulfilment = createQueuedFulfilment({ send: (body) => fulfilmentQueue().send(body) });

/** Resolves once this process's in-process fulfilment queue is idle (local runtime and tests). */
export const localFulfilmentIdle = (): Promise<void> => localQueue?.whenIdle() ?? Promise.resolve();
