/**
 * Purchases (core/purchases/purchases-service.ts): the buyer's purchases and invoices, the
 * developer's analytics, the admin's list and Sales column, composed once here for the purchases,
 * developer-apps and admin Lambdas.
 *
 * None of them moves money, so none carries Stripe's SDK (~240 KB) and this service has no payment
 * gateway: the admin's refund is wiring/payments.ts's `refunds`, served by the checkout function
 * (here a card refund would answer 503 "Stripe is not configured").
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository, salesCountersOfApp } from '../adapters/dynamodb/purchases-repo';
import { findUserProfile } from '../adapters/dynamodb/users-repo';
import { renderPdf } from '../adapters/invoice-pdf';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createPurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { licenceWebhookEvents } from './webhook-events';

export const purchases = /* @__PURE__ */ lazyService(() =>
  createPurchasesService({
    purchases: dynamoPurchasesRepository,
    // The buyer's addresses, read without the password hash (a projected read).
    users: { findById: findUserProfile },
    apps: new DynamoAppsRepository(),
    mailer: sesMailer,
    gateway: null,
    events: licenceWebhookEvents,
    appUrl: getConfig().APP_URL,
    renderInvoice: renderPdf,
    log: logger,
    salesCounters: salesCountersOfApp,
  }),
);
