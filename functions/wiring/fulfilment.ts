/**
 * Licence delivery, without Stripe: the delivery itself (core/licences/fulfilment.ts wired to
 * DynamoDB, SES, the licence-endpoint client and the webhook pipeline) and the fulfilment queue's
 * worker. The queue itself is wiring/fulfilment-queue.ts: the checkout and developer-apps functions
 * only enqueue (queuedFulfilment) and import that module alone; the fulfilment worker Lambda
 * (functions/workers/fulfilment-worker.ts) delivers; locally the local server attaches the same
 * worker to the in-process queue (bin/local-queue-consumers.ts).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoLicenceStore } from '../adapters/dynamodb/licence-store-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { licenceEndpointClient } from '../adapters/licence-endpoint-client';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import type { AppRepository } from '../core/apps/app-repository';
import { createLicenceFulfilment, type LicenceFulfilmentDeps } from '../core/licences/fulfilment';
import { createFulfilmentWorker } from '../core/licences/fulfilment-queue';
import type { LicenceEndpointClient } from '../core/licences/ports';
import type { LicenceEvents } from '../core/purchases/ports';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import { claimLinks } from './claim-links';
import { buyerMailer } from './fulfilment-queue';
import { installsService } from './installs';
import { lazyService } from './lazy';
import { licenceWebhookEvents } from './webhook-pipeline';

export { buyerMailer, localFulfilmentIdle, queuedFulfilment } from './fulfilment-queue';

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
    installs: installsService,
    appUrl: getConfig().APP_URL,
    claimLinks,
    log: logger,
    sleep: options.sleep,
    webhookTimeoutMs: options.licenceWebhook?.timeoutMs,
    webhookRetryDelaysMs: options.licenceWebhook?.retryDelaysMs,
    // The alarm "licence deliveries failed" (lib/observability.ts) watches this.
    onUndelivered: () => countMetric('licenceUndelivered'),
  });
}

/** The worker of this process (the Lambda's, or the local server's on the in-process queue). */
export const fulfilmentWorker = /* @__PURE__ */ lazyService(() =>
  createFulfilmentWorker({ purchases: dynamoPurchasesRepository, fulfilment: buildLicenceFulfilment(), log: logger }),
);
