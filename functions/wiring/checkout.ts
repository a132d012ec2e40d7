/**
 * Checkout (core/purchases/checkout-service.ts) and Stripe's events (core/purchases/payment-events.ts),
 * wired to DynamoDB, SES and the payment mode (wiring/payments.ts). Licence delivery is put on the
 * fulfilment queue (wiring/fulfilment.ts) and done by its worker. Tests build their own with
 * buildCheckoutServices(options), e.g. delivering inline with a short licence-webhook timeout.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createCheckoutService } from '../core/purchases/checkout-service';
import { createPaymentEvents } from '../core/purchases/payment-events';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import {
  buildLicenceFulfilment,
  buyerMailer,
  type LicenceFulfilmentOptions,
  licenceEventsOf,
  queuedFulfilment,
} from './fulfilment';
import { lazyService } from './lazy';
import { paymentMode } from './payments';

export interface CheckoutServicesOptions extends LicenceFulfilmentOptions {
  /**
   * 'queued' (the default): paid and free purchases are put on the fulfilment queue and the request
   * answers at once; the worker delivers. 'inline': delivered within the call, with these options
   * (tests of the delivery rules, e.g. a short licence-webhook timeout).
   */
  delivery?: 'queued' | 'inline';
}

/** Completed checkouts, by paid and free, for the dashboard's business metrics. */
const onCompleted = (kind: 'paid' | 'free') =>
  countMetric(kind === 'paid' ? 'checkoutCompletedPaid' : 'checkoutCompletedFree');

export function buildCheckoutServices(options: CheckoutServicesOptions = {}) {
  const appUrl = getConfig().APP_URL;
  const apps = new DynamoAppsRepository();
  const fulfilment = options.delivery === 'inline' ? buildLicenceFulfilment(options, apps) : queuedFulfilment;
  return {
    fulfilment,
    checkout: createCheckoutService({
      apps,
      users: dynamoUsersRepository,
      purchases: dynamoPurchasesRepository,
      fulfilment,
      payments: paymentMode(),
      appUrl,
      mailer: buyerMailer,
      guestConfirmTtlSeconds: getConfig().GUEST_CONFIRM_TTL_SECONDS,
      log: logger,
      onCompleted,
    }),
    events: createPaymentEvents({
      purchases: dynamoPurchasesRepository,
      fulfilment,
      mailer: sesMailer,
      events: licenceEventsOf(options),
      appUrl,
      log: logger,
      onCompleted,
    }),
  };
}

export type CheckoutServices = ReturnType<typeof buildCheckoutServices>;

/** This process's checkout (and Stripe's events), built on first use and again when the Stripe keys change. */
export const checkoutServices = lazyService(() => buildCheckoutServices());
