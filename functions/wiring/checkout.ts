/**
 * Checkout (core/purchases/checkout-service.ts) and Stripe's events (core/purchases/payment-events.ts),
 * wired to DynamoDB, SES and the payment mode (wiring/payments.ts). Licence delivery is put on the
 * fulfilment queue (wiring/fulfilment-queue.ts) and done by its worker, so this function carries no
 * delivery code. Tests build their own with buildCheckoutServices(options), e.g. delivering inline
 * with a short licence-webhook timeout (`fulfilment: buildLicenceFulfilment({...})`).
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shared/schemas/audit';
import { marketplaceReads } from '../adapters/dynamodb/apps-repo';
import { reviewedDeclarationSource } from '../adapters/dynamodb/permissions-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { changedFields } from '../core/audit/audit';
import { requestedPermissions } from '../core/installs/permissions';
import type { LicenceFulfilment } from '../core/licences/fulfilment';
import { createCheckoutService } from '../core/purchases/checkout-service';
import { createPaymentEvents, type StripeChange } from '../core/purchases/payment-events';
import type { LicenceEvents } from '../core/purchases/ports';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import { auditLog } from './audit';
import { buyerMailer, queuedFulfilment } from './fulfilment-queue';
import { lazyService } from './lazy';
import { paymentMode } from './payments';
import { licenceWebhookEvents } from './webhook-events';

export interface CheckoutServicesOptions {
  /**
   * How a granted purchase is delivered. By default it is put on the fulfilment queue and the
   * request answers at once; the worker delivers. Tests of the delivery rules pass a delivery run
   * within the call (wiring/fulfilment.ts buildLicenceFulfilment, e.g. with a short licence-webhook
   * timeout).
   */
  fulfilment?: Pick<LicenceFulfilment, 'fulfil'>;
  /** Developers' webhooks for license.revoked (default: the webhook pipeline; null: none). */
  events?: LicenceEvents | null;
}

/** Completed checkouts, by paid and free, for the dashboard's business metrics. */
const onCompleted = (kind: 'paid' | 'free') =>
  countMetric(kind === 'paid' ? 'checkoutCompletedPaid' : 'checkoutCompletedFree');

export function buildCheckoutServices(options: CheckoutServicesOptions = {}) {
  const appUrl = getConfig().APP_URL;
  // Checkout reads an app by id only: the repository's reads without its writes (a smaller bundle).
  const apps = marketplaceReads;
  const fulfilment = options.fulfilment ?? queuedFulfilment;
  return {
    fulfilment,
    checkout: createCheckoutService({
      apps,
      users: dynamoUsersRepository,
      purchases: dynamoPurchasesRepository,
      fulfilment,
      payments: paymentMode(),
      requestedPermissions: (appId) => requestedPermissions(reviewedDeclarationSource, appId),
      appUrl,
      mailer: buyerMailer,
      guestConfirmTtlSeconds: getConfig().GUEST_CONFIRM_TTL_SECONDS,
      log: logger,
      onCompleted,
    }),
    events: createPaymentEvents({
      purchases: dynamoPurchasesRepository,
      fulfilment,
      users: dynamoUsersRepository,
      mailer: sesMailer,
      events: options.events === null ? undefined : (options.events ?? licenceWebhookEvents),
      appUrl,
      log: logger,
      audited: withStripeAudit,
      onCompleted,
    }),
  };
}

/**
 * Runs the write of a refund or dispute made in Stripe's dashboard with its audit entry (actor
 * Stripe) in the same transaction: the entry's scope (adapters/dynamodb/audit-scope.ts), whose
 * first committed table write carries it.
 */
function withStripeAudit<T>(change: StripeChange, write: () => Promise<T>): Promise<T> {
  return auditLog.scope(stripeEntry(change)).run(write);
}

/** A refund or dispute made in Stripe's dashboard, as an audit entry whose actor is Stripe. */
function stripeEntry(change: StripeChange): AuditEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    action: change.action,
    actor_id: 'stripe',
    actor_email: 'stripe-dashboard',
    actor_role: 'system',
    route: 'POST /api/stripe/webhook',
    target_type: 'purchase',
    target_id: change.purchase_id,
    target_label: change.label,
    client_ip: 'stripe',
    status: 200,
    changes: changedFields(change.before, change.after),
  };
}

export type CheckoutServices = ReturnType<typeof buildCheckoutServices>;

/** This process's checkout (and Stripe's events), built on first use and again when the Stripe keys change. */
export const checkoutServices = /* @__PURE__ */ lazyService(() => buildCheckoutServices());
