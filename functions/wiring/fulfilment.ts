/**
 * Licence delivery, without Stripe: the delivery itself (core/licences/fulfilment.ts wired to
 * DynamoDB, SES, the licence-endpoint client and the webhook pipeline), the fulfilment queue (SQS
 * when FULFILMENT_QUEUE_URL is set, which the cloud requires; the in-process queue locally, consumed
 * in this process like the worker Lambda consumes SQS) and its worker.
 *
 * The checkout and developer-apps functions only enqueue (queuedFulfilment); the fulfilment worker
 * Lambda (functions/workers/fulfilment-worker.ts) delivers. Functions that never take a payment
 * import this module, so their bundle carries no Stripe SDK (`npm run check:bundle` fails if one does).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoLicenceStore } from '../adapters/dynamodb/licence-store-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { InProcessQueue, type MessageQueue, type ReceivedMessage, SqsMessageQueue } from '../adapters/queue';
import { licenceEndpointClient } from '../checkout/licence-endpoint-client';
import { getConfig } from '../config';
import type { AppRepository } from '../core/apps/app-repository';
import { createLicenceFulfilment, type LicenceFulfilmentDeps } from '../core/licences/fulfilment';
import { createFulfilmentWorker, createQueuedFulfilment } from '../core/licences/fulfilment-queue';
import type { LicenceEndpointClient } from '../core/licences/ports';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import type { LicenceEvents } from '../core/purchases/ports';
import { rateLimiter } from '../http/client-limits';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { licenceWebhookEvents } from './webhook-pipeline';

/** Receives of a fulfilment message before it is dead-lettered; lib/queues.ts gives SQS the same number. */
export const FULFILMENT_MAX_RECEIVE_COUNT = 5;

export interface LicenceFulfilmentOptions {
  /** Licence webhook: per-attempt timeout and the waits before retries (defaults 10 s; 1 s, 3 s). */
  licenceWebhook?: { timeoutMs?: number; retryDelaysMs?: readonly number[] };
  endpoint?: LicenceEndpointClient;
  sleep?: LicenceFulfilmentDeps['sleep'];
  /** Developers' webhooks for license.purchased / license.revoked (default: the webhook pipeline). */
  events?: LicenceEvents | null;
}

/** The developers' licence webhooks to publish to, or undefined when the caller turned them off. */
export function licenceEventsOf(options: LicenceFulfilmentOptions): LicenceEvents | undefined {
  return options.events === null ? undefined : (options.events ?? licenceWebhookEvents);
}

/** Mails to buyers (guest confirmations, licences): at most MAILS_PER_RECIPIENT_PER_DAY per address. */
export const buyerMailer = lazyService(
  () => recipientCappedMailer(sesMailer, rateLimiter, () => getConfig().MAILS_PER_RECIPIENT_PER_DAY, logger),
  { once: true },
);

/** The delivery with these options (tests: a short licence-webhook timeout, a fake endpoint). */
export function buildLicenceFulfilment(options: LicenceFulfilmentOptions = {}, apps?: Pick<AppRepository, 'getById'>) {
  return createLicenceFulfilment({
    store: dynamoLicenceStore,
    apps: apps ?? new DynamoAppsRepository(),
    users: dynamoUsersRepository,
    purchases: dynamoPurchasesRepository,
    mailer: sesMailer,
    buyerMailer,
    endpoint: options.endpoint ?? licenceEndpointClient,
    events: licenceEventsOf(options),
    appUrl: getConfig().APP_URL,
    log: logger,
    sleep: options.sleep,
    webhookTimeoutMs: options.licenceWebhook?.timeoutMs,
    webhookRetryDelaysMs: options.licenceWebhook?.retryDelaysMs,
  });
}

/** The worker of this process (the Lambda's, or the local server's on the in-process queue). */
export const fulfilmentWorker = lazyService(() =>
  createFulfilmentWorker({ purchases: dynamoPurchasesRepository, fulfilment: buildLicenceFulfilment(), log: logger }),
);

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
    localQueue.start((message) => fulfilmentWorker.handle(message.body));
    queue = localQueue;
  }
  return queue;
}

/** What the API functions use: enqueue a purchase's delivery, or a pool refill, and answer at once. */
export const queuedFulfilment = createQueuedFulfilment({ send: (body) => fulfilmentQueue().send(body) });

/** Resolves once this process's in-process fulfilment queue is idle (local runtime and tests). */
export const localFulfilmentIdle = (): Promise<void> => localQueue?.whenIdle() ?? Promise.resolve();
