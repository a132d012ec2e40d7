/**
 * Composition root of the checkout Lambda: checkout, Stripe events, purchases and licence delivery
 * wired to DynamoDB, SES, Stripe (or the local test mode) and the outgoing-HTTP adapter. Built once
 * per container, on first use. Tests build their own with buildCheckoutServices(options), e.g.
 * with a short licence-webhook timeout.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoLicenceStore, dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { stripeGateway, stripeMode } from '../adapters/stripe';
import { configGeneration, getConfig } from '../config';
import { createLicenceFulfilment, type LicenceFulfilmentDeps } from '../core/licences/fulfilment';
import type { LicenceEndpointClient } from '../core/licences/ports';
import { createCheckoutService, type PaymentMode } from '../core/purchases/checkout-service';
import { createPaymentEvents } from '../core/purchases/payment-events';
import type { LicenceEvents } from '../core/purchases/ports';
import { createPurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import { publishEvent } from '../webhooks/pipeline';
import { licenceEndpointClient } from './licence-endpoint-client';

export interface CheckoutServicesOptions {
  /** Licence webhook: per-attempt timeout and the waits before retries (defaults 10 s; 1 s, 3 s). */
  licenceWebhook?: { timeoutMs?: number; retryDelaysMs?: readonly number[] };
  endpoint?: LicenceEndpointClient;
  sleep?: LicenceFulfilmentDeps['sleep'];
  /** Developers' webhooks for license.purchased / license.revoked (default: the webhook pipeline). */
  events?: LicenceEvents | null;
}

const webhookEvents: LicenceEvents = { publish: (appId, type, data) => publishEvent(appId, type, data) };

export function paymentMode(): PaymentMode {
  const mode = stripeMode();
  return mode === 'stripe' ? { kind: 'stripe', gateway: stripeGateway } : { kind: mode };
}

export function buildCheckoutServices(options: CheckoutServicesOptions = {}) {
  const appUrl = getConfig().APP_URL;
  const apps = new DynamoAppsRepository();
  const payments = paymentMode();
  const licenceEvents = options.events === null ? undefined : (options.events ?? webhookEvents);
  const fulfilment = createLicenceFulfilment({
    store: dynamoLicenceStore,
    apps,
    users: dynamoUsersRepository,
    purchases: dynamoPurchasesRepository,
    mailer: sesMailer,
    endpoint: options.endpoint ?? licenceEndpointClient,
    events: licenceEvents,
    appUrl,
    log: logger,
    sleep: options.sleep,
    webhookTimeoutMs: options.licenceWebhook?.timeoutMs,
    webhookRetryDelaysMs: options.licenceWebhook?.retryDelaysMs,
  });
  return {
    fulfilment,
    checkout: createCheckoutService({
      apps,
      users: dynamoUsersRepository,
      purchases: dynamoPurchasesRepository,
      fulfilment,
      payments,
      appUrl,
      log: logger,
    }),
    events: createPaymentEvents({
      purchases: dynamoPurchasesRepository,
      fulfilment,
      mailer: sesMailer,
      events: licenceEvents,
      appUrl,
      log: logger,
    }),
    purchases: createPurchasesService({
      purchases: dynamoPurchasesRepository,
      apps,
      mailer: sesMailer,
      gateway: payments.kind === 'stripe' ? payments.gateway : null,
      events: licenceEvents,
      appUrl,
      log: logger,
    }),
  };
}

export type CheckoutServices = ReturnType<typeof buildCheckoutServices>;

let services: CheckoutServices | undefined;

/** The container's services, built on first use (configuration is read then, not at import). */
let builtFor = -1;

export function checkoutServices(): CheckoutServices {
  // Rebuilt when the Stripe keys arrive or change in Secrets Manager (functions/secrets.ts).
  if (!services || builtFor !== configGeneration()) {
    services = buildCheckoutServices();
    builtFor = configGeneration();
  }
  return services;
}
