/**
 * Licence delivery wired to DynamoDB, SES, the licence-endpoint client and the webhook pipeline,
 * without Stripe: functions that deliver licences but never take a payment (developer-apps, whose
 * new pool keys serve waiting buyers) import this module, so their bundle carries no Stripe SDK
 * (`npm run check:bundle` fails if one does). functions/checkout/service.ts builds on it.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoLicenceStore } from '../adapters/dynamodb/licence-store-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import type { AppRepository } from '../core/apps/app-repository';
import { createLicenceFulfilment, type LicenceFulfilmentDeps } from '../core/licences/fulfilment';
import type { LicenceEndpointClient } from '../core/licences/ports';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import type { LicenceEvents } from '../core/purchases/ports';
import type { Mailer } from '../core/users/ports';
import { rateLimiter } from '../http/client-limits';
import { logger } from '../http/logger';
import { publishEvent } from '../webhooks/pipeline';
import { licenceEndpointClient } from './licence-endpoint-client';

export interface LicenceFulfilmentOptions {
  /** Licence webhook: per-attempt timeout and the waits before retries (defaults 10 s; 1 s, 3 s). */
  licenceWebhook?: { timeoutMs?: number; retryDelaysMs?: readonly number[] };
  endpoint?: LicenceEndpointClient;
  sleep?: LicenceFulfilmentDeps['sleep'];
  /** Developers' webhooks for license.purchased / license.revoked (default: the webhook pipeline). */
  events?: LicenceEvents | null;
}

const webhookEvents: LicenceEvents = { publish: (appId, type, data) => publishEvent(appId, type, data) };

/** The developers' licence webhooks to publish to, or undefined when the caller turned them off. */
export function licenceEventsOf(options: LicenceFulfilmentOptions): LicenceEvents | undefined {
  return options.events === null ? undefined : (options.events ?? webhookEvents);
}

let capped: Mailer | undefined;

/** Mails to buyers (guest confirmations, licences): at most MAILS_PER_RECIPIENT_PER_DAY per address (issue 11 item 8). */
export function buyerMailer(): Mailer {
  capped ??= recipientCappedMailer(sesMailer, rateLimiter, () => getConfig().MAILS_PER_RECIPIENT_PER_DAY, logger);
  return capped;
}

export function buildLicenceFulfilment(options: LicenceFulfilmentOptions = {}, apps?: Pick<AppRepository, 'getById'>) {
  return createLicenceFulfilment({
    store: dynamoLicenceStore,
    apps: apps ?? new DynamoAppsRepository(),
    users: dynamoUsersRepository,
    purchases: dynamoPurchasesRepository,
    mailer: sesMailer,
    buyerMailer: buyerMailer(),
    endpoint: options.endpoint ?? licenceEndpointClient,
    events: licenceEventsOf(options),
    appUrl: getConfig().APP_URL,
    log: logger,
    sleep: options.sleep,
    webhookTimeoutMs: options.licenceWebhook?.timeoutMs,
    webhookRetryDelaysMs: options.licenceWebhook?.retryDelaysMs,
  });
}
