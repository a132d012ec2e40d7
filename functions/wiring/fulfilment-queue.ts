/**
 * The fulfilment queue (functions/queues/fulfilment.ts), as the API functions use it: put a
 * purchase's licence delivery (or a key pool's refill) on it and answer at once. SQS when
 * FULFILMENT_QUEUE_URL is set, which the cloud requires; locally the in-process queue, consumed in
 * this process by wiring/fulfilment.ts's worker, which the local server attaches
 * (bin/local-queue-consumers.ts), as the cloud runs the worker Lambda. Nothing here delivers, so the
 * functions that only enqueue (checkout, developer-apps) carry neither the delivery code nor the
 * licence endpoint client.
 */
import { sesMailer } from '../adapters/mailer';
import { configuredQueue } from '../adapters/queue';
import { getConfig } from '../config';
import { createQueuedFulfilment } from '../core/licences/fulfilment-queue';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import { logger } from '../http/logger';
import { fulfilmentJobs } from '../queues/fulfilment';
import { lazyService } from './lazy';
import { rateLimiter } from './rate-limits';

/** Mails to buyers (guest confirmations, licences): at most MAILS_PER_RECIPIENT_PER_DAY per address. */
export const buyerMailer = /* @__PURE__ */ lazyService(
  () => recipientCappedMailer(sesMailer, rateLimiter, () => getConfig().MAILS_PER_RECIPIENT_PER_DAY, logger),
  { once: true },
);

/** The fulfilment queue, as its producers and its local consumer (the local server attaches it) use it. */
export const fulfilmentQueue = /* @__PURE__ */ configuredQueue(fulfilmentJobs, () => ({ redeliveryDelayMs: 5000 }));

/** What the API functions use: enqueue a purchase's delivery, or a pool refill, and answer at once. */
export const queuedFulfilment = /* @__PURE__ */ lazyService(
  () => createQueuedFulfilment({ send: (body) => fulfilmentQueue.get().send(body) }),
  { once: true },
);

/** Resolves once this process's in-process fulfilment queue is idle (local runtime and tests). */
export const localFulfilmentIdle = (): Promise<void> => fulfilmentQueue.idle();
