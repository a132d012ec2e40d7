/**
 * Purchases (core/purchases/purchases-service.ts): the buyer's purchases and invoices, the
 * developer's analytics, the admin's list, Sales column and refunds, composed once here for the
 * checkout, developer-apps and admin Lambdas.
 *
 * Refunds go through the payment gateway, which only the functions that move money carry (the
 * Stripe SDK is ~240 KB): wiring/payments.ts installs it when imported (the checkout and admin
 * Lambdas, through wiring/checkout.ts and the refund route). Elsewhere (developer-apps' analytics,
 * which never moves money) there is none, and a card refund would answer 503 "Stripe is not
 * configured". The service is built again when the Stripe keys arrive or change (lazy.ts).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import type { PaymentGateway } from '../core/purchases/ports';
import { createPurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { licenceWebhookEvents } from './webhook-events';

let gatewayOf: () => PaymentGateway | null = () => null;

/** Called by wiring/payments.ts: the gateway refunds use (null while Stripe is not configured). */
export function installPaymentGateway(gateway: () => PaymentGateway | null): void {
  gatewayOf = gateway;
}

export const purchases = lazyService(() =>
  createPurchasesService({
    purchases: dynamoPurchasesRepository,
    users: dynamoUsersRepository,
    apps: new DynamoAppsRepository(),
    mailer: sesMailer,
    gateway: gatewayOf(),
    events: licenceWebhookEvents,
    appUrl: getConfig().APP_URL,
    log: logger,
  }),
);
