/**
 * The fulfilment queue, as the API functions use it: put a purchase's licence delivery (or a key
 * pool's refill) on it and answer at once. SQS when FULFILMENT_QUEUE_URL is set, which the cloud
 * requires; locally the in-process queue, consumed in this process by the worker that
 * wiring/fulfilment.ts attaches when it is loaded (the local server loads it, as the cloud runs the
 * worker Lambda). Nothing here delivers, so the functions that only enqueue (checkout,
 * developer-apps) carry neither the delivery code nor the licence endpoint client.
 */
import { sesMailer } from '../adapters/mailer';
import { configuredQueue } from '../adapters/queue';
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

const fulfilmentQueue = configuredQueue({
  urlVariable: 'FULFILMENT_QUEUE_URL',
  neededTo: 'deliver licences',
  deadLetterLog: 'fulfilment message dead-lettered',
  local: () => ({ maxReceiveCount: FULFILMENT_MAX_RECEIVE_COUNT, redeliveryDelayMs: 5000 }),
});

/**
 * The worker that consumes the in-process queue (local runtime only; wiring/fulfilment.ts calls
 * this when loaded). Messages sent before it is attached wait in the queue's backlog.
 */
export function consumeFulfilmentLocally(consumer: (body: string) => Promise<unknown>): void {
  fulfilmentQueue.consumeLocally((message) => consumer(message.body));
}

/** What the API functions use: enqueue a purchase's delivery, or a pool refill, and answer at once. */
export const queuedFulfilment = createQueuedFulfilment({ send: (body) => fulfilmentQueue.get().send(body) });

/** Resolves once this process's in-process fulfilment queue is idle (local runtime and tests). */
export const localFulfilmentIdle = (): Promise<void> => fulfilmentQueue.idle();
