/**
 * A purchase as the domain keeps it, and the small rules about money and licence time. Field names
 * follow the stored item (snake_case, contract 1 of functions/adapters/dynamodb/licences-read-repo.ts);
 * money is integer cents.
 *
 * Lifecycle: pending (a checkout was started) -> completed (paid, or free) -> refunded (money back,
 * licence revoked). A completed purchase is never dropped: when its licence cannot be delivered yet
 * it stays completed with license_status out_of_stock or manual_pending. Until delivery has run, a
 * manual licence reads manual_pending and an automatic one (key pool, universal code, webhook) null.
 */

import { createHash } from 'node:crypto';
import { LIMITS, type LicenseStatus, type LicensingType, type PricePeriod, type PricingModel } from '@shared/constants';
import { normaliseEmail } from '@shared/email';
import type { PaymentMethod, PurchaseStatusValue } from '@shared/schemas/checkout';
import type { AppRecord } from '../apps/app';
import type { Requested } from '../installs/permissions';
import type { CompletionChange } from './ports';

/**
 * The buyer id of guest purchases made with an address (already normalised): the licence is kept
 * against the address, never against an account. An account lists them once its own address is
 * verified (buyerIdsOf).
 */
export const guestBuyerId = (email: string): string =>
  `guest_${createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 40)}`;

/**
 * Every buyer id whose purchases belong to this account: its own, its verified address's guest
 * ones, and the guest ones of the further addresses a claim link proved (linked_emails).
 */
export const buyerIdsOf = (user: {
  id: string;
  email: string;
  email_verified: boolean;
  linked_emails?: readonly string[];
}): string[] => [
  user.id,
  ...(user.email_verified ? [guestBuyerId(user.email)] : []),
  ...(user.linked_emails ?? []).map(guestBuyerId),
];

/** The app as it was at checkout: what the buyer's purchase list and invoice show. */
export interface AppSnapshot {
  id: string;
  name: string;
  slug: string | null;
  icon_url: string | null;
  description: string | null;
  documentation_url: string | null;
  /** The developer's company for the invoice (null: 'Independent Developer'). */
  company_name: string | null;
}

/** Whether licence delivery still has to run ('pending') or has run ('done'). */
export type FulfilmentState = 'pending' | 'done';

export interface PurchaseRecord {
  id: string;
  app_id: string;
  /** The app owner, for the developer's mails and analytics. */
  developer_id: string;
  /**
   * Buyer's account id; for a guest purchase guestBuyerId(buyer_email): no account is created, and
   * an account shows these purchases once its address is verified.
   */
  user_id: string;
  buyer_email: string;
  buyer_name: string | null;
  /**
   * Bought through the guest checkout (the stored name dates from when guest
   * checkout created accounts): the licence mail explains how to see the purchase in an account.
   */
  buyer_new_account: boolean;
  app: AppSnapshot;
  pricing_model: PricingModel | null;
  price_period: PricePeriod | null;
  free_trial_days: number;
  licensing_type: LicensingType | null;
  status: PurchaseStatusValue;
  /** null while pending. */
  license_status: LicenseStatus | null;
  license_key: string | null;
  amount_cents: number;
  platform_fee_cents: number;
  currency: string;
  payment_method: PaymentMethod;
  /** Stripe Checkout session id, local test session id, or the free grant's id: the success page's handle. */
  session_id: string;
  payment_intent_id: string | null;
  stripe_subscription_id: string | null;
  /** First invoice of a subscription (its payment is what a money-back refund returns). */
  stripe_invoice_id: string | null;
  created_at: string;
  completed_at: string | null;
  /** null: the licence does not expire. */
  expires_at: string | null;
  refunded_at: string | null;
  /** Why the purchase was flagged for the admin (status payment_mismatch, or a dispute), if it was. */
  flag?: string | null;
  fulfilment: FulfilmentState | null;
  /** Epoch ms until which one worker owns the licence delivery (see PurchaseRepository.leaseFulfilment). */
  fulfilment_lease_until: number | null;
  /**
   * Whether this purchase counts in its app's installations: only once its buyer's address is
   * proven (isProvenPurchase), at completion or later (PurchaseRepository.countInstallation).
   * Purchases stored before the rule existed were all counted.
   */
  installation_counted: boolean;
  /**
   * The permissions the buyer accepted at checkout (accept_permissions: true), as the app requested
   * them then; absent/null: nothing accepted, the install starts pending (core/installs).
   */
  accepted_permissions?: Requested | null;
}

/**
 * Whether a completed purchase comes from a proven address, so that it may count as an
 * installation: a guest's free grant (completed only through the link mailed to the address), or a
 * signed-in buyer whose address is verified. A paid guest purchase proves nothing (anyone can type
 * any address at checkout): it counts once an account of the address is verified or the guest
 * follows the licence mail's claim link. `buyer`: the signed-in buyer's account, when there is one.
 */
export function isProvenPurchase(
  purchase: Pick<PurchaseRecord, 'buyer_new_account' | 'payment_method'>,
  buyer: { email_verified: boolean } | undefined,
): boolean {
  if (purchase.buyer_new_account) return purchase.payment_method === 'free';
  return buyer?.email_verified === true;
}

export const CURRENCY = 'usd';

/** How long a worker may take to deliver a licence before another delivery of the event may retry it. */
export const FULFILMENT_LEASE_MS = 5 * 60_000;

/** Free: the free pricing model or a price of 0; granted at once without a payment page. */
export const isFreeApp = (app: Pick<AppRecord, 'pricing_model' | 'price_cents'>): boolean =>
  app.pricing_model === 'free' || !(app.price_cents > 0);

/** The platform's share of a paid purchase (docs/spec.md section 9: 20%), rounded to the cent. */
export const platformFeeCents = (amountCents: number): number =>
  Math.round((amountCents * LIMITS.platformFeePercent) / 100);

export const centsToDollars = (cents: number): number => Math.round(cents) / 100;

export type BillingInterval = 'month' | 'year';

/** Subscriptions bill by the app's period: yearly -> year; monthly, per user and per location -> month. */
export const billingInterval = (period: PricePeriod | null | undefined): BillingInterval =>
  period === 'yearly' ? 'year' : 'month';

function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from.getTime());
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    // 31 January + 1 month = 28/29 February, not 2/3 March.
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d;
}

/**
 * When a licence bought at `completedAt` ends. Subscriptions cover the free trial plus one paid
 * period (renewals extend it on Stripe's invoice.paid); everything else is perpetual (null).
 */
export function licenceExpiry(
  purchase: Pick<PurchaseRecord, 'pricing_model' | 'price_period' | 'free_trial_days'>,
  completedAt: Date,
): string | null {
  if (purchase.pricing_model !== 'subscription') return null;
  const trialEnd = new Date(completedAt.getTime() + Math.max(0, purchase.free_trial_days) * 86_400_000);
  return addInterval(trialEnd, billingInterval(purchase.price_period)).toISOString();
}

/** The payment references a completion records: all null for a licence that cost nothing. */
export type PaymentRefs = Pick<CompletionChange, 'payment_intent_id' | 'stripe_subscription_id' | 'stripe_invoice_id'>;
export const NO_PAYMENT_REFS: PaymentRefs = {
  payment_intent_id: null,
  stripe_subscription_id: null,
  stripe_invoice_id: null,
};

/** What a purchase holds until it completes: no licence, no payment references, nothing delivered, refunded or counted. */
export const NOT_COMPLETED = {
  license_status: null,
  license_key: null,
  ...NO_PAYMENT_REFS,
  completed_at: null,
  expires_at: null,
  refunded_at: null,
  fulfilment: null,
  fulfilment_lease_until: null,
  installation_counted: false,
} satisfies Partial<PurchaseRecord>;

/**
 * What completing a purchase at `at` writes: when, until when the licence runs, the payment's
 * references, and the delivery lease the completing worker holds.
 */
export function completionAt(
  purchase: Pick<PurchaseRecord, 'pricing_model' | 'price_period' | 'free_trial_days' | 'licensing_type'>,
  at: Date,
  refs: PaymentRefs,
  proven: boolean,
): CompletionChange {
  return {
    completed_at: at.toISOString(),
    expires_at: licenceExpiry(purchase, at),
    ...refs,
    fulfilment_lease_until: at.getTime() + FULFILMENT_LEASE_MS,
    installation_counted: proven,
    license_status: waitingLicenceStatus(purchase),
  };
}

/**
 * What a completed purchase's licence reads until delivery has run: "Access Pending" (manual_pending)
 * only when the developer sends access by hand; null ("License being prepared") when it is
 * delivered automatically (key pool, universal code, webhook).
 */
export const waitingLicenceStatus = (purchase: Pick<PurchaseRecord, 'licensing_type'>): 'manual_pending' | null =>
  purchase.licensing_type === 'manual' ? 'manual_pending' : null;

/** The purchase once that completion is written: completed, its licence waiting for delivery. */
export const completedWith = (purchase: PurchaseRecord, change: CompletionChange): PurchaseRecord => ({
  ...purchase,
  ...change,
  status: 'completed',
  fulfilment: 'pending',
});

/** One more paid period from now, never shortening a licence that already runs longer. */
export function renewedExpiry(purchase: Pick<PurchaseRecord, 'price_period' | 'expires_at'>, paidAt: Date): string {
  const next = addInterval(paidAt, billingInterval(purchase.price_period)).toISOString();
  return purchase.expires_at && purchase.expires_at > next ? purchase.expires_at : next;
}

/**
 * A licence the buyer holds right now: completed, not revoked, not expired. A buyer holding one
 * cannot buy the same app again; an expired one may be renewed by buying again.
 */
export function isLicenceHeld(
  purchase: Pick<PurchaseRecord, 'status' | 'license_status' | 'expires_at'>,
  now: Date,
): boolean {
  if (purchase.status !== 'completed' || purchase.license_status === 'revoked') return false;
  return !purchase.expires_at || Date.parse(purchase.expires_at) > now.getTime();
}

/** Refunds are possible for completed purchases up to LIMITS.moneyBackDays after they were made. */
export function refundDeadline(purchase: Pick<PurchaseRecord, 'created_at'>): Date {
  return new Date(Date.parse(purchase.created_at) + LIMITS.moneyBackDays * 86_400_000);
}

export function snapshotApp(app: AppRecord): AppSnapshot {
  return {
    id: app.id,
    name: app.name,
    slug: app.slug || null,
    icon_url: app.icon_url ?? null,
    description: app.description ?? app.short_description ?? null,
    documentation_url: app.documentation_url ?? null,
    company_name: app.company_name ?? null,
  };
}
