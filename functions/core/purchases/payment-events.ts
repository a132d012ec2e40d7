/**
 * What a verified Stripe event does to purchases. Each event is processed once:
 * its marker (PK=STRIPEEVENT#<id>) is written in the same transaction as the purchase's state
 * change, so a replayed or duplicated event changes nothing. Events we do not know, and events
 * for sessions we never created, are acknowledged (200) and logged, never answered with an error
 * (Stripe would retry them for days). One exception keeps purchases from being lost: a repeat
 * that arrives while the purchase's licence delivery is unfinished is answered 503, so Stripe
 * keeps retrying until the licence is out (see resumeUnfinishedDelivery).
 *
 * - checkout.session.completed / checkout.session.async_payment_succeeded: when paid (or
 *   'no_payment_required': a subscription starting with a trial) the pending purchase becomes
 *   completed and its licence is delivered.
 * - invoice.paid (subscription renewals): the licence runs one more period.
 *   A paid amount or currency that differs from the price flags the purchase (payment_mismatch)
 *   and issues no licence.
 * - charge.refunded (fully refunded in the dashboard): refunded, licence revoked, buyer told.
 * - charge.dispute.created: as a refund (the money is withdrawn), flagged 'Disputed in Stripe'.
 * - customer.subscription.deleted: the licence ends now.
 */
import { ServiceUnavailableError } from '../errors';
import type { LicenceFulfilment } from '../licences/fulfilment';
import type { Log, Mailer, UsersRepository } from '../users/ports';
import type { LicenceEvents, PaymentEvent, PurchaseRepository } from './ports';
import {
  completedWith,
  completionAt,
  FULFILMENT_LEASE_MS,
  isProvenPurchase,
  type PurchaseRecord,
  renewedExpiry,
} from './purchase';
import { refundMail } from './purchase-mails';
import { publishRevoked } from './refunds';

export interface EventAnswer {
  received: true;
  duplicate?: true;
  ignored?: string;
}

export interface PaymentEventsDeps {
  purchases: PurchaseRepository;
  fulfilment: Pick<LicenceFulfilment, 'fulfil'>;
  /** The buyer's account: a paid purchase counts as an installation only from a verified address. */
  users?: Pick<UsersRepository, 'findById'>;
  mailer: Mailer;
  /** Tells the developer's own webhooks (license.revoked on refunds made in Stripe); optional. */
  events?: LicenceEvents;
  appUrl: string;
  log?: Log;
  /**
   * Runs `write`, the write that makes a change done in Stripe's dashboard (a refund, a dispute),
   * with the change's audit entry in its transaction: the purchase's change and its entry commit
   * together or not at all (the state before is the purchase as read from the store); optional.
   */
  audited?: <T>(change: StripeChange, write: () => Promise<T>) => Promise<T>;
  /** Counts completed checkouts (the business metrics); optional. */
  onCompleted?: (kind: 'paid' | 'free') => void;
  now?: () => Date;
}

/** A change made in Stripe's dashboard, for the audit trail (actor: Stripe). */
export interface StripeChange {
  action: 'purchase.refund_in_stripe' | 'purchase.dispute_in_stripe';
  purchase_id: string;
  /** The app's name as bought. */
  label: string | null;
  event_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** 503 for a repeated event while the licence is still being delivered: Stripe retries it later. */
export const DELIVERY_IN_PROGRESS = 'This purchase is still being processed; retry later';

const silentLog: Log = { info() {}, warn() {}, error() {} };

/** The id of an expandable Stripe field (a string, or an object with an id). */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/** The subscription an invoice belongs to, in the older and the newer API shapes. */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  return idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription);
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * Why a paid session does not pay for its purchase (null: it does). A paid session must carry the
 * price in the purchase's currency; a session with nothing to pay is only right for a trial or a
 * free purchase.
 */
export function paymentMismatch(
  purchase: Pick<PurchaseRecord, 'amount_cents' | 'currency' | 'free_trial_days'>,
  session: Record<string, unknown>,
  paymentStatus: unknown,
): string | null {
  const price = money(purchase.amount_cents, purchase.currency);
  if (paymentStatus === 'no_payment_required') {
    return purchase.amount_cents > 0 && purchase.free_trial_days <= 0
      ? `Nothing was paid for a price of ${price}`
      : null;
  }
  const amount = session.amount_total;
  const currency = typeof session.currency === 'string' ? session.currency.toLowerCase() : null;
  if (typeof amount !== 'number') return `Paid amount unknown, price ${price}`;
  if (amount !== purchase.amount_cents || (currency !== null && currency !== purchase.currency.toLowerCase())) {
    return `Paid ${money(amount, currency ?? purchase.currency)}, price ${price}`;
  }
  return null;
}

export function createPaymentEvents(deps: PaymentEventsDeps) {
  const { purchases, fulfilment } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());
  const ignored = (reason: string, fields: Record<string, unknown>): EventAnswer => {
    log.warn('stripe event ignored', { reason, ...fields });
    return { received: true, ignored: reason };
  };

  /**
   * A repeated event for a purchase whose licence delivery has not finished. Another worker may
   * still be on it ('in_progress': Stripe is asked to retry later, so the event is never
   * acknowledged before the licence is out); a worker that died is taken over once its lease
   * ran out.
   */
  async function resumeUnfinishedDelivery(purchaseId: string): Promise<'done' | 'in_progress' | 'resumed'> {
    const purchase = await purchases.getById(purchaseId);
    if (purchase?.status !== 'completed' || purchase.fulfilment !== 'pending') return 'done';
    const at = now().getTime();
    if (!(await purchases.leaseFulfilment(purchaseId, at, at + FULFILMENT_LEASE_MS))) return 'in_progress';
    log.warn('resuming an unfinished licence delivery', { purchase_id: purchaseId });
    await fulfilment.fulfil({ ...purchase, fulfilment_lease_until: at + FULFILMENT_LEASE_MS });
    return 'resumed';
  }

  async function sessionPaid(event: PaymentEvent): Promise<EventAnswer> {
    const session = event.data.object;
    const sessionId = idOf(session.id);
    const paymentStatus = session.payment_status;
    if (paymentStatus !== 'paid' && paymentStatus !== 'no_payment_required') {
      // Delayed payment methods: checkout.session.async_payment_succeeded follows when the money arrives.
      log.info('checkout session not paid yet', {
        event_id: event.id,
        session_id: sessionId,
        payment_status: paymentStatus,
      });
      return { received: true, ignored: 'not paid yet' };
    }
    const purchase = sessionId ? await purchases.getBySession(sessionId) : undefined;
    if (!purchase) return ignored('unknown checkout session', { event_id: event.id, session_id: sessionId });
    const mismatch = paymentMismatch(purchase, session, paymentStatus);
    if (mismatch) {
      const outcome = await purchases.flagPayment(purchase.id, event.id, {
        flag: mismatch,
        flagged_at: now().toISOString(),
      });
      if (outcome !== 'applied') return { received: true, duplicate: true };
      log.error('payment does not match the price: purchase flagged, no licence issued', {
        purchase_id: purchase.id,
        event_id: event.id,
        flag: mismatch,
      });
      return { received: true, ignored: 'payment does not match the price' };
    }
    // Counted as an installation only when the buyer's address is proven (a verified account).
    const buyer = purchase.buyer_new_account ? undefined : await deps.users?.findById(purchase.user_id);
    const change = completionAt(
      purchase,
      now(),
      {
        payment_intent_id: idOf(session.payment_intent),
        stripe_subscription_id: idOf(session.subscription),
        stripe_invoice_id: idOf(session.invoice),
      },
      isProvenPurchase(purchase, buyer),
    );
    const outcome = await purchases.complete(purchase.id, event.id, change);
    if (outcome !== 'applied') {
      if ((await resumeUnfinishedDelivery(purchase.id)) === 'in_progress') {
        throw new ServiceUnavailableError(DELIVERY_IN_PROGRESS);
      }
      return { received: true, duplicate: true };
    }
    log.info('purchase completed', { purchase_id: purchase.id, event_id: event.id });
    deps.onCompleted?.('paid');
    await fulfilment.fulfil(completedWith(purchase, change));
    return { received: true };
  }

  async function purchaseByRef(ref: string | null): Promise<PurchaseRecord | undefined> {
    const id = ref ? await purchases.idByStripeRef(ref) : undefined;
    return id ? purchases.getById(id) : undefined;
  }

  async function chargeRefunded(event: PaymentEvent): Promise<EventAnswer> {
    const charge = event.data.object;
    if (charge.refunded !== true) return { received: true, ignored: 'partial refund' };
    return revoke(event, idOf(charge.payment_intent), undefined);
  }

  /** A dispute opened in Stripe: the money is withdrawn at once, so the licence goes as with a refund. */
  async function disputeCreated(event: PaymentEvent): Promise<EventAnswer> {
    const dispute = event.data.object;
    const reason = typeof dispute.reason === 'string' ? dispute.reason : 'unknown';
    return revoke(event, idOf(dispute.payment_intent), `Disputed in Stripe (${reason.slice(0, 40)})`);
  }

  async function revoke(
    event: PaymentEvent,
    paymentIntent: string | null,
    flag: string | undefined,
  ): Promise<EventAnswer> {
    const purchase = await purchaseByRef(paymentIntent);
    if (!purchase) return ignored('refund or dispute of an unknown payment', { event_id: event.id });
    const change: StripeChange = {
      action: flag ? 'purchase.dispute_in_stripe' : 'purchase.refund_in_stripe',
      purchase_id: purchase.id,
      label: purchase.app?.name ?? null,
      event_id: event.id,
      before: { status: purchase.status, license_status: purchase.license_status ?? null },
      after: { status: 'refunded', license_status: 'revoked', ...(flag ? { flag } : {}) },
    };
    const write = () =>
      purchases.markRefunded(purchase.id, {
        refunded_at: now().toISOString(),
        eventId: event.id,
        ...(flag ? { flag } : {}),
      });
    // The entry rides in the refund's own transaction: a refused entry refuses the refund (500, and
    // Stripe sends the event again), so no refund made in the dashboard goes unrecorded.
    const outcome = deps.audited ? await deps.audited(change, write) : await write();
    if (outcome !== 'applied') return { received: true, duplicate: true };
    log.info(flag ? 'purchase disputed in Stripe: licence revoked' : 'purchase refunded in Stripe', {
      purchase_id: purchase.id,
    });
    await publishRevoked(deps, purchase, log);
    // The buyer is told of a refund; a dispute is their own act against the charge.
    if (flag) return { received: true };
    try {
      await deps.mailer.sendMail(refundMail(purchase, deps.appUrl));
    } catch (err) {
      log.error('refund mail not sent', { purchase_id: purchase.id, error: (err as Error).message });
    }
    return { received: true };
  }

  async function subscriptionChanged(
    event: PaymentEvent,
    subscriptionId: string | null,
    until: (p: PurchaseRecord) => string,
  ) {
    const purchase = await purchaseByRef(subscriptionId);
    if (!purchase) return ignored('unknown subscription', { event_id: event.id });
    const outcome = await purchases.setExpiry(purchase.id, until(purchase), event.id);
    return outcome === 'applied' ? { received: true as const } : { received: true as const, duplicate: true as const };
  }

  return {
    async handle(event: PaymentEvent): Promise<EventAnswer> {
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return sessionPaid(event);
        case 'charge.refunded':
          return chargeRefunded(event);
        case 'charge.dispute.created':
          return disputeCreated(event);
        case 'invoice.paid': {
          const invoice = event.data.object;
          // The first invoice is paid with the checkout itself; only renewals extend the licence.
          if (invoice.billing_reason !== 'subscription_cycle') return { received: true, ignored: 'not a renewal' };
          return subscriptionChanged(event, invoiceSubscription(invoice), (p) => renewedExpiry(p, now()));
        }
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          const endedAt = typeof sub.ended_at === 'number' ? new Date(sub.ended_at * 1000) : now();
          return subscriptionChanged(event, idOf(sub.id), () => endedAt.toISOString());
        }
        default:
          log.info('stripe event type not handled', { event_id: event.id, type: event.type });
          return { received: true, ignored: 'event type not handled' };
      }
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
