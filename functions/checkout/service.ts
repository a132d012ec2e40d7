/**
 * Composition root of the checkout Lambda: checkout, Stripe events, purchases and licence delivery
 * wired to DynamoDB, SES, Stripe (or the local test mode) and the outgoing-HTTP adapter. Built once
 * per container, on first use. Tests build their own with buildCheckoutServices(options), e.g.
 * with a short licence-webhook timeout.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { stripeGateway, stripeMode } from '../adapters/stripe';
import { getConfig } from '../config';
import { createCheckoutService, type PaymentMode } from '../core/purchases/checkout-service';
import { createPaymentEvents } from '../core/purchases/payment-events';
import { createPurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import {
  buildLicenceFulfilment,
  buyerMailer,
  type LicenceFulfilmentOptions,
  licenceEventsOf,
} from './fulfilment-service';

export type CheckoutServicesOptions = LicenceFulfilmentOptions;

export function paymentMode(): PaymentMode {
  const mode = stripeMode();
  return mode === 'stripe' ? { kind: 'stripe', gateway: stripeGateway } : { kind: mode };
}

export function buildCheckoutServices(options: CheckoutServicesOptions = {}) {
  const appUrl = getConfig().APP_URL;
  const apps = new DynamoAppsRepository();
  const payments = paymentMode();
  const licenceEvents = licenceEventsOf(options);
  const fulfilment = buildLicenceFulfilment(options, apps);
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
export function checkoutServices(): CheckoutServices {
  services ??= buildCheckoutServices();
  return services;
}
