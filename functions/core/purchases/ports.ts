/**
 * What the purchases module needs from the outside world: storage of purchases (DynamoDB,
 * functions/adapters/dynamodb/purchases-repo.ts) and the payment provider (Stripe,
 * functions/adapters/stripe.ts). Every state change that must happen once is one conditional
 * write or transaction behind these methods, never a read followed by a write.
 */
import type { Page } from '../paging';
import type { PurchaseRecord } from './purchase';

/** Outcome of applying a payment-provider event to a purchase. */
export type EventOutcome =
  | 'applied'
  /** This event id was processed before: nothing changed. */
  | 'duplicate_event'
  /** The purchase is not in the state the event moves it from (already completed, refunded...). */
  | 'not_applicable';

export interface CompletionChange {
  completed_at: string;
  expires_at: string | null;
  payment_intent_id: string | null;
  stripe_subscription_id: string | null;
  stripe_invoice_id: string | null;
  /** Epoch ms: the completing worker owns the licence delivery until then. */
  fulfilment_lease_until: number;
  /** Counts in the app's installations now (the buyer's address is proven: isProvenPurchase). */
  installation_counted: boolean;
  /**
   * The licence status while delivery runs: manual_pending for a manual licence (the developer
   * sends access), null ("License being prepared") for one delivered automatically.
   */
  license_status: 'manual_pending' | null;
}

/** The one open or valid purchase a buyer has of an app (see claimCheckoutSlot). */
export interface CheckoutSlot {
  purchase_id: string;
  /** ISO 8601: when this purchase took the slot. */
  claimed_at: string;
}

export interface PurchaseRepository {
  /** The buyer's slot for the app (strongly consistent), or undefined. */
  checkoutSlot(buyerId: string, appId: string): Promise<CheckoutSlot | undefined>;
  /**
   * One buyer, one app, one open or valid purchase: takes the slot for `purchaseId` in one
   * conditional write. Without `replacing`, only when there is no slot; with it, only when the slot
   * still names `replacing.purchaseId` and that purchase still has `replacing.status` (null: it
   * does not exist). False when another checkout won.
   */
  claimCheckoutSlot(
    buyerId: string,
    appId: string,
    purchaseId: string,
    claimedAt: string,
    replacing?: { purchaseId: string; status: string | null },
  ): Promise<boolean>;
  /** Gives the slot up if `purchaseId` still holds it (a checkout that failed to start). */
  releaseCheckoutSlot(buyerId: string, appId: string, purchaseId: string): Promise<void>;
  /**
   * Stores a new purchase (pending, or completed for free grants) with its session pointer
   * (PK=SESSION#<session_id>) in one transaction. With `holdsSlot` the transaction also checks
   * that the buyer's checkout slot for the app still names this purchase, and resolves 'slot_lost'
   * (writing nothing) when another checkout took it over.
   */
  create(purchase: PurchaseRecord, opts?: { holdsSlot?: boolean }): Promise<'slot_lost' | undefined>;
  getById(id: string): Promise<PurchaseRecord | undefined>;
  getBySession(sessionId: string): Promise<PurchaseRecord | undefined>;
  /** The purchase a Stripe payment intent or subscription id belongs to. */
  idByStripeRef(ref: string): Promise<string | undefined>;
  /**
   * Whether the buyer id holds a licence of the app right now (isLicenceHeld), read from the
   * buyer+app partition (a bounded read, never the buyer's whole history).
   */
  holdsApp(buyerId: string, appId: string): Promise<boolean>;
  /**
   * A buyer's purchases, newest first; pending checkouts only when asked for. Reads the buyer's
   * whole partition: for scripts and workers, never a request.
   */
  listByBuyer(userId: string, opts?: { includePending?: boolean }): Promise<PurchaseRecord[]>;
  /**
   * One page of the purchases that went through (completed or refunded) of several buyer ids at
   * once (an account's own and its proven addresses' guest ones), newest first across them: at most
   * `limit` items; the cursor carries where each buyer id's list stands.
   */
  pageByBuyers(buyerIds: readonly string[], limit: number, cursor?: string): Promise<Page<PurchaseRecord>>;
  /** One page of them from a cursor (the admin purchase history). */
  pageByApp(appId: string, limit: number, cursor?: string): Promise<Page<PurchaseRecord>>;
  /**
   * pending -> completed, in one transaction with the marker of `eventId` (attribute_not_exists),
   * so a replayed event changes nothing. Also records the Stripe payment intent / subscription
   * pointers. eventId null: no marker (free grants never come through here).
   */
  complete(purchaseId: string, eventId: string | null, change: CompletionChange): Promise<EventOutcome>;
  /**
   * pending -> payment_mismatch (no licence), with the reason in `flag`, processed once per event
   * as complete().
   */
  flagPayment(purchaseId: string, eventId: string, change: { flag: string; flagged_at: string }): Promise<EventOutcome>;
  /**
   * Takes over the licence delivery of a completed purchase whose delivery never finished (the
   * worker died) once the previous lease has run out. True when this caller now owns it.
   */
  leaseFulfilment(purchaseId: string, nowMs: number, untilMs: number): Promise<boolean>;
  /**
   * The fulfilment worker's claim on a queued delivery: the lease the message was
   * enqueued under (`expectedLeaseUntil`, handed over by whoever completed the purchase), or any
   * lease that ran out, becomes this worker's until `untilMs`. False when the delivery is done, or
   * someone else holds a live lease (a duplicate message: it is worked on already).
   */
  takeFulfilment(
    purchaseId: string,
    expectedLeaseUntil: number | null,
    nowMs: number,
    untilMs: number,
  ): Promise<boolean>;
  /** Gives up a lease this worker took (its delivery failed), so the queue's retry may take it at once. */
  releaseFulfilment(purchaseId: string, leaseUntil: number): Promise<void>;
  /**
   * completed -> refunded with license_status revoked. `createdAfter`: only when the purchase was
   * made at or after that instant (the money-back window). `eventId`: processed once, as complete().
   */
  markRefunded(
    purchaseId: string,
    change: { refunded_at: string; createdAfter?: string; eventId?: string; flag?: string },
  ): Promise<EventOutcome>;
  /**
   * A completed purchase that did not count in its app's installations (its buyer's address was not
   * proven) counts from now on: marked and the app's counter moved in one transaction. False when it
   * was counted already or is not completed.
   */
  countInstallation(purchaseId: string): Promise<boolean>;
  /** Sets expires_at of a completed purchase (subscription renewed or ended), once per event. */
  setExpiry(purchaseId: string, expiresAt: string, eventId: string): Promise<EventOutcome>;
  /** The developer's connected Stripe account (`stripe_account_id` on their user item), if any. */
  payoutAccount(developerId: string): Promise<string | null>;
}

export interface CheckoutSessionInput {
  purchaseId: string;
  mode: 'payment' | 'subscription';
  amountCents: number;
  currency: string;
  productName: string;
  productDescription: string | null;
  interval: 'month' | 'year' | null;
  trialDays: number;
  customerEmail: string;
  metadata: { purchase_id: string; app_id: string; user_id: string };
  successUrl: string;
  cancelUrl: string;
  /** Destination charge to the developer's connected account, keeping the platform fee. */
  payout: { destination: string; feeCents: number; feePercent: number } | null;
}

export interface PaymentGateway {
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  /**
   * Full refund of a purchase's payment (its payment intent, or the payment of a subscription's
   * first invoice); idempotent per purchase. null when there was no payment to refund (a trial).
   */
  refund(input: {
    purchaseId: string;
    paymentIntentId: string | null;
    invoiceId: string | null;
  }): Promise<{ id: string } | null>;
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** A verified payment-provider event, as much of it as the core reads. */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** Developers' webhooks (functions/wiring/webhook-pipeline.ts publishEvent): the licence events of their apps. */
export interface LicenceEvents {
  publish(
    appId: string,
    eventType: 'license.purchased' | 'license.revoked',
    data: Record<string, unknown>,
  ): Promise<unknown>;
}

/** The payload of license.purchased / license.revoked (no money details beyond the price, no secrets). */
export function licenceEventData(
  purchase: {
    id: string;
    app_id: string;
    buyer_email: string;
    buyer_name: string | null;
    amount_cents: number;
    currency: string;
    created_at: string;
  },
  licence: { license_status: string | null; license_key: string | null; expires_at: string | null },
): Record<string, unknown> {
  return {
    purchase_id: purchase.id,
    app_id: purchase.app_id,
    customer_email: purchase.buyer_email,
    customer_name: purchase.buyer_name ?? '',
    license_status: licence.license_status,
    license_key: licence.license_key,
    expires_at: licence.expires_at,
    amount: purchase.amount_cents / 100,
    currency: purchase.currency,
    purchased_at: purchase.created_at,
  };
}
