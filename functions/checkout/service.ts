/**
 * Composition root of the checkout Lambda: checkout, Stripe events and purchases wired to
 * DynamoDB, SES and Stripe (or the local test mode); licence delivery is put on the fulfilment
 * queue (./fulfilment.ts) and done by its worker. Built once per container, on first use. Tests
 * build their own with buildCheckoutServices(options), e.g. delivering inline with a short
 * licence-webhook timeout.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { stripeGateway, stripeMode } from '../adapters/stripe';
import { configGeneration, getConfig } from '../config';
import { createCheckoutService, type PaymentMode } from '../core/purchases/checkout-service';
import { createPaymentEvents } from '../core/purchases/payment-events';
import { createPurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import { queuedFulfilment } from './fulfilment';
import {
  buildLicenceFulfilment,
  buyerMailer,
  type LicenceFulfilmentOptions,
  licenceEventsOf,
} from './fulfilment-service';

export interface CheckoutServicesOptions extends LicenceFulfilmentOptions {
  /**
   * 'queued' (the default, issue 12 item 3): paid and free purchases are put on the fulfilment
   * queue and the request answers at once; the worker delivers. 'inline': delivered within the
   * call, with these options (tests of the delivery rules, e.g. a short licence-webhook timeout).
   */
  delivery?: 'queued' | 'inline';
}

export function paymentMode(): PaymentMode {
  const mode = stripeMode();
  return mode === 'stripe' ? { kind: 'stripe', gateway: stripeGateway } : { kind: mode };
}

/** Completed checkouts, by paid and free, for the dashboard's business metrics. */
const onCompleted = (kind: 'paid' | 'free') =>
  countMetric(kind === 'paid' ? 'checkoutCompletedPaid' : 'checkoutCompletedFree');

export function buildCheckoutServices(options: CheckoutServicesOptions = {}) {
  const appUrl = getConfig().APP_URL;
  const apps = new DynamoAppsRepository();
  const payments = paymentMode();
  const licenceEvents = licenceEventsOf(options);
  const fulfilment = options.delivery === 'inline' ? buildLicenceFulfilment(options, apps) : queuedFulfilment;
  return {
    fulfilment,
    checkout: createCheckoutService({
      apps,
      users: dynamoUsersRepository,
      purchases: dynamoPurchasesRepository,
      fulfilment,
      payments,
      appUrl,
      mailer: buyerMailer(),
      guestConfirmTtlSeconds: getConfig().GUEST_CONFIRM_TTL_SECONDS,
      log: logger,
      onCompleted,
    }),
    events: createPaymentEvents({
      purchases: dynamoPurchasesRepository,
      fulfilment,
      mailer: sesMailer,
      events: licenceEvents,
      appUrl,
      log: logger,
      onCompleted,
    }),
    purchases: createPurchasesService({
      purchases: dynamoPurchasesRepository,
      users: dynamoUsersRepository,
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
