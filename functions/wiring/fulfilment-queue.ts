/**
 * The fulfilment queue, as the API functions use it: put a purchase's licence delivery (or a key
 * pool's refill) on it and answer at once. SQS when FULFILMENT_QUEUE_URL is set, which the cloud
 * requires; locally the in-process queue, consumed in this process by the worker that
 * wiring/fulfilment.ts attaches when it is loaded (the local server loads it, as the cloud runs the
 * worker Lambda). Nothing here delivers, so the functions that only enqueue (checkout,
 * developer-apps) carry neither the delivery code nor the licence endpoint client.
 */
import { sesMailer } from '../adapters/mailer';
import { InProcessQueue, type MessageQueue, type ReceivedMessage, SqsMessageQueue } from '../adapters/queue';
import { getConfig } from '../config';
import { createQueuedFulfilment } from '../core/licences/fulfilment-queue';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import { rateLimiter } from '../http/client-limits';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

/** Receives of a fulfilment message before it is dead-lettered; lib/queues.ts gives SQS the same number. */
export const FULFILMENT_MAX_RECEIVE_COUNT = 5;

/** Mails to buyers (guest confirmations, licences): at most MAILS_PER_RECIPIENT_PER_DAY per address. */
export const buyerMailer = lazyService(
  () => recipientCappedMailer(sesMailer, rateLimiter, () => getConfig().MAILS_PER_RECIPIENT_PER_DAY, logger),
  { once: true },
);

type LocalConsumer = (body: string) => Promise<unknown>;

let queue: MessageQueue | undefined;
let localQueue: InProcessQueue | undefined;
let localConsumer: LocalConsumer | undefined;

/**
 * The worker that consumes the in-process queue (local runtime only; wiring/fulfilment.ts calls
 * this when loaded). Messages sent before it is attached wait in the queue's backlog.
 */
export function consumeFulfilmentLocally(consumer: LocalConsumer): void {
  localConsumer = consumer;
  if (localQueue && !localQueue.started) localQueue.start((message) => consumer(message.body));
}

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
    if (localConsumer) consumeFulfilmentLocally(localConsumer);
    queue = localQueue;
  }
  return queue;
}

/** What the API functions use: enqueue a purchase's delivery, or a pool refill, and answer at once. */
export const queuedFulfilment = createQueuedFulfilment({ send: (body) => fulfilmentQueue().send(body) });

/** Resolves once this process's in-process fulfilment queue is idle (local runtime and tests). */
export const localFulfilmentIdle = (): Promise<void> => localQueue?.whenIdle() ?? Promise.resolve();
