/**
 * Starting a purchase: POST /api/stripe/create-checkout-session (signed in) and
 * /create-guest-checkout-session (an e-mail address). The price always comes from the app, never
 * from the client.
 *
 * Guest checkout answers the same for every address and never looks
 * accounts up: no account is created or attached, the purchase is kept against the address
 * (guestBuyerId) and shows in any account whose verified address it is. `new_account` is true
 * for every guest answer, so it carries no information. A free app asked for as a guest is only
 * granted once the address's owner follows the mailed confirmation link (confirmGuestLicence);
 * a paid one goes to Stripe, whose payer has paid for the licence mailed to the address.
 *
 * - Free apps (signed in) are granted at once: a completed purchase, the licence delivered, and
 *   the answer points straight at the success page.
 * - Paid apps get a pending purchase, keyed by the checkout session, before the buyer is sent to
 *   pay: Stripe Checkout when Stripe is configured, otherwise (locally) the test-checkout page,
 *   whose Pay button sends a Stripe-signed event to the real webhook. In the cloud without Stripe
 *   keys paid checkouts are refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { LIMITS } from '@shared/constants';
import { normaliseEmail } from '@shared/email';
import {
  ALREADY_LICENSED,
  APP_NOT_FOUND,
  CHECKOUT_IN_PROGRESS,
  CHECKOUT_SESSION_NOT_FOUND,
  type CheckoutSession,
  GUEST_CONFIRM_INVALID,
  OWN_APP_PURCHASE,
  PAYMENTS_UNAVAILABLE,
} from '@shared/schemas/checkout';
import { tokenLink } from '@shared/site-paths';
import { type AppRecord, isMarketEligible } from '../apps/app';
import type { AppRepository } from '../apps/app-repository';
import { reviewedView } from '../apps/reviewed-view';
import { ConflictError, NotFoundError, ServiceUnavailableError, UnauthorizedError, ValidationError } from '../errors';
import type { Requested } from '../installs/permissions';
import type { LicenceFulfilment } from '../licences/fulfilment';
import type { Log, Mailer, UsersRepository } from '../users/ports';
import { guestConfirmMail } from './guest-mails';
import type { PaymentGateway, PurchaseRepository } from './ports';
import {
  billingInterval,
  CURRENCY,
  completedWith,
  completionAt,
  guestBuyerId,
  isFreeApp,
  isLicenceHeld,
  isProvenPurchase,
  NO_PAYMENT_REFS,
  NOT_COMPLETED,
  type PurchaseRecord,
  platformFeeCents,
  snapshotApp,
} from './purchase';

/** How paid checkouts are taken. */
export type PaymentMode =
  | { kind: 'stripe'; gateway: PaymentGateway }
  /** Local runtime without Stripe keys: the labelled test-checkout page. */
  | { kind: 'test' }
  /** Cloud without Stripe keys: paid checkouts are refused, never faked. */
  | { kind: 'unavailable' };

export interface CheckoutServiceDeps {
  apps: Pick<AppRepository, 'getById'>;
  users: UsersRepository;
  purchases: PurchaseRepository;
  fulfilment: Pick<LicenceFulfilment, 'fulfil'>;
  payments: PaymentMode;
  /**
   * What an app requests now (core/installs/permissions.ts requestedPermissions): a checkout with
   * accept_permissions records it on the purchase as the buyer's consent; optional.
   */
  requestedPermissions?: (appId: string) => Promise<Requested | null>;
  /** Public origin: success, cancel and test-checkout URLs. */
  appUrl: string;
  /** Guest confirmation mails (wrapped in the per-recipient daily cap by the composition root). */
  mailer?: Mailer;
  /** How long a guest confirmation link works (default 48 hours). */
  guestConfirmTtlSeconds?: number;
  log?: Log;
  /** Counts completed checkouts (the business metrics); optional. */
  onCompleted?: (kind: 'paid' | 'free') => void;
  now?: () => Date;
}

/** Who buys: a signed-in account, or a guest address (id guestBuyerId(email)). */
interface Buyer {
  id: string;
  email: string;
  full_name: string;
  /** A signed-in account whose address is verified (a guest: false). */
  email_verified: boolean;
}

/** A purchase about to be written: who buys which app, when, under which id, consenting to what. */
interface Draft {
  app: AppRecord;
  buyer: Buyer;
  /** true: a guest's purchase (it takes no slot); undefined: the answer carries no new_account. */
  newAccount: boolean | undefined;
  purchaseId: string;
  at: Date;
  accepted: Requested | null;
}

/** Free guest licences wait for the address's owner under this session id prefix. */
const GUEST_FREE_PREFIX = 'guestfree_';

const silentLog: Log = { info() {}, warn() {}, error() {} };
/**
 * How long an unpaid checkout keeps the buyer's slot for the app: a second checkout within it is
 * refused (CHECKOUT_IN_PROGRESS); after it, a new checkout may replace the abandoned one.
 */
export const CHECKOUT_HOLD_MS = 3 * 60_000;
/**
 * A slot whose purchase was never written (the request failed between claiming the slot and
 * writing the purchase, e.g. the database stopped answering, so releasing it failed too) frees
 * itself after this long, so the buyer's retry goes through. A checkout still writing its
 * purchase after that loses the slot cleanly: its purchase write checks the slot (holdsSlot).
 */
export const ORPHANED_SLOT_GRACE_MS = 5_000;
const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

/** Unguessable: the session id is the only thing that opens the success and test-checkout pages. */
const token = () => randomBytes(18).toString('base64url');

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { apps, users, purchases, payments, appUrl } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());

  /** Only approved, public, unsuspended apps can be bought; anything else reads as missing. */
  async function buyableApp(appId: string): Promise<AppRecord> {
    const stored = await apps.getById(appId);
    if (!stored || !isMarketEligible(stored)) throw new NotFoundError(APP_NOT_FOUND);
    // The price and licensing the buyer was shown: the reviewed ones while a change waits.
    return reviewedView(stored);
  }

  const successUrl = (sessionId: string, newAccount: boolean | undefined) =>
    `${appUrl}/marketplace/purchase-success?session_id=${sessionId}${newAccount ? '&new_account=true' : ''}`;

  /**
   * One buyer, one app, one open or valid purchase, decided by one conditional write on the
   * buyer's slot for the app (never "read the purchases, then write"): of concurrent checkouts
   * exactly one takes the slot, the others are told why. A held licence keeps the slot (renewal
   * opens once it has expired); an unpaid checkout keeps it for CHECKOUT_HOLD_MS.
   */
  async function claimSlot(app: AppRecord, buyer: Buyer, purchaseId: string, at: Date): Promise<void> {
    const slot = await purchases.checkoutSlot(buyer.id, app.id);
    if (!slot) {
      if (await purchases.claimCheckoutSlot(buyer.id, app.id, purchaseId, at.toISOString())) return;
      throw new ConflictError(CHECKOUT_IN_PROGRESS);
    }
    const holder = await purchases.getById(slot.purchase_id);
    if (holder && isLicenceHeld(holder, at)) throw new ConflictError(ALREADY_LICENSED);
    const open = !holder || holder.status === 'pending';
    const hold = holder ? CHECKOUT_HOLD_MS : ORPHANED_SLOT_GRACE_MS;
    if (open && at.getTime() - Date.parse(slot.claimed_at) < hold) {
      throw new ConflictError(CHECKOUT_IN_PROGRESS);
    }
    const replacing = { purchaseId: slot.purchase_id, status: holder?.status ?? null };
    if (await purchases.claimCheckoutSlot(buyer.id, app.id, purchaseId, at.toISOString(), replacing)) return;
    throw new ConflictError(CHECKOUT_IN_PROGRESS);
  }

  /** The buyer's consent recorded on the purchase: what the app requests now, when the buyer accepted it. */
  async function consent(app: AppRecord, accept: boolean): Promise<Requested | null> {
    return accept && deps.requestedPermissions ? deps.requestedPermissions(app.id) : null;
  }

  async function checkout(
    app: AppRecord,
    buyer: Buyer,
    newAccount: boolean | undefined,
    accepted: Requested | null,
  ): Promise<CheckoutSession> {
    if (app.user_id === buyer.id) throw new ValidationError(OWN_APP_PURCHASE);
    const at = now();
    // A licence held right now blocks buying again (guest purchases, and licences bought before the
    // slot existed, hold no slot): one bounded read of the buyer+app partition.
    if (await purchases.holdsApp(buyer.id, app.id)) throw new ConflictError(ALREADY_LICENSED);
    const purchaseId = randomUUID();
    await claimSlot(app, buyer, purchaseId, at);
    try {
      return await startClaimed({ app, buyer, newAccount, purchaseId, at, accepted });
    } catch (err) {
      // Nothing was bought: let the buyer try again at once.
      await purchases.releaseCheckoutSlot(buyer.id, app.id, purchaseId).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Writes the purchase only while its slot is still held (see ORPHANED_SLOT_GRACE_MS). Guest
   * purchases (newAccount true) take no slot: a slot would tell strangers what the address holds.
   */
  async function createHolding(purchase: PurchaseRecord): Promise<void> {
    if (purchase.buyer_new_account) {
      await purchases.create(purchase);
      return;
    }
    if ((await purchases.create(purchase, { holdsSlot: true })) === 'slot_lost') {
      throw new ConflictError(CHECKOUT_IN_PROGRESS);
    }
  }

  function draftPurchase({ app, buyer, newAccount, purchaseId, at, accepted }: Draft): PurchaseRecord {
    const free = isFreeApp(app);
    const amount = free ? 0 : app.price_cents;
    return {
      id: purchaseId,
      app_id: app.id,
      developer_id: app.user_id,
      user_id: buyer.id,
      buyer_email: buyer.email,
      buyer_name: buyer.full_name || null,
      buyer_new_account: newAccount === true,
      app: snapshotApp(app),
      pricing_model: app.pricing_model ?? null,
      price_period: app.price_period ?? null,
      free_trial_days: app.free_trial_days ?? 0,
      licensing_type: app.licensing_type ?? null,
      status: 'pending',
      ...NOT_COMPLETED,
      amount_cents: amount,
      platform_fee_cents: platformFeeCents(amount),
      currency: CURRENCY,
      payment_method: free ? 'free' : payments.kind === 'stripe' ? 'card' : 'test',
      session_id: '',
      created_at: at.toISOString(),
      accepted_permissions: accepted,
    };
  }

  async function startClaimed(draft: Draft): Promise<CheckoutSession> {
    const { app, buyer, newAccount, at } = draft;
    const free = isFreeApp(app);
    const amount = free ? 0 : app.price_cents;
    const purchase = draftPurchase(draft);
    const answer = (sessionId: string, url: string): CheckoutSession => ({
      checkout_url: url,
      session_id: sessionId,
      ...(newAccount === undefined ? {} : { new_account: newAccount }),
    });

    if (free) {
      const granted = completedWith(
        { ...purchase, session_id: `free_${token()}` },
        completionAt(purchase, at, NO_PAYMENT_REFS, isProvenPurchase(purchase, buyer)),
      );
      await createHolding(granted);
      log.info('free licence granted', { purchase_id: granted.id, app_id: app.id });
      deps.onCompleted?.('free');
      try {
        await deps.fulfilment.fulfil(granted);
      } catch (err) {
        // The purchase is stored and shows 'Access Pending'; never lose it over a delivery failure.
        log.error('free licence delivery failed', { purchase_id: granted.id, error: (err as Error).message });
      }
      return answer(granted.session_id, successUrl(granted.session_id, newAccount));
    }

    if (payments.kind === 'unavailable') throw new ServiceUnavailableError(PAYMENTS_UNAVAILABLE);
    if (payments.kind === 'test') {
      const sessionId = `cs_test_local_${token()}`;
      await createHolding({ ...purchase, session_id: sessionId });
      return answer(sessionId, `${appUrl}/api/stripe/test-checkout/${sessionId}`);
    }

    const subscription = app.pricing_model === 'subscription';
    const destination = await purchases.payoutAccount(app.user_id);
    const session = await payments.gateway.createCheckoutSession({
      purchaseId: purchase.id,
      mode: subscription ? 'subscription' : 'payment',
      amountCents: amount,
      currency: CURRENCY,
      productName: app.name,
      productDescription: app.tagline ?? app.short_description ?? null,
      interval: subscription ? billingInterval(app.price_period) : null,
      trialDays: subscription ? Math.max(0, app.free_trial_days ?? 0) : 0,
      customerEmail: buyer.email,
      metadata: { purchase_id: purchase.id, app_id: app.id, user_id: buyer.id },
      // Stripe fills in {CHECKOUT_SESSION_ID} itself.
      successUrl: successUrl('{CHECKOUT_SESSION_ID}', newAccount),
      cancelUrl: `${appUrl}/marketplace/app/${encodeURIComponent(app.slug || app.id)}`,
      payout: destination
        ? { destination, feeCents: purchase.platform_fee_cents, feePercent: LIMITS.platformFeePercent }
        : null,
    });
    await createHolding({ ...purchase, session_id: session.id });
    return answer(session.id, session.url);
  }

  const answerGuest = (sessionId: string): CheckoutSession => ({
    checkout_url: successUrl(sessionId, true),
    session_id: sessionId,
    new_account: true,
  });

  /**
   * A free app asked for as a guest: a pending purchase whose session id holds a secret that only
   * the confirmation mail carries. The answer (the same for every address) says to check the mail.
   */
  async function requestGuestConfirmation(
    app: AppRecord,
    buyer: Buyer,
    at: Date,
    accepted: Requested | null,
  ): Promise<CheckoutSession> {
    const secret = token();
    const purchase = draftPurchase({ app, buyer, newAccount: true, purchaseId: randomUUID(), at, accepted });
    await purchases.create({ ...purchase, session_id: `${GUEST_FREE_PREFIX}${secret}` });
    const hours = Math.round((deps.guestConfirmTtlSeconds ?? 48 * 3600) / 3600);
    const link = tokenLink(appUrl, '/marketplace/confirm-license', secret);
    try {
      await deps.mailer?.sendMail(guestConfirmMail({ to: buyer.email, link, validHours: hours }));
    } catch (err) {
      log.error('guest confirmation mail not sent', { purchase_id: purchase.id, error: (err as Error).message });
    }
    return {
      checkout_url: `${appUrl}/marketplace/purchase-success?confirm=sent&new_account=true`,
      session_id: '',
      new_account: true,
    };
  }

  return {
    /** `acceptPermissions`: the buyer accepted what the app requests (the install starts active). */
    async startCheckout(appId: string, buyerId: string, acceptPermissions = false): Promise<CheckoutSession> {
      const app = await buyableApp(appId);
      const buyer = await users.findById(buyerId);
      if (!buyer) throw new UnauthorizedError(ACCOUNT_GONE);
      return checkout(app, buyer, undefined, await consent(app, acceptPermissions));
    },

    /** Guest checkout: the address gets an account without a password (set later via forgot-password). */
    async startGuestCheckout(appId: string, email: string, acceptPermissions = false): Promise<CheckoutSession> {
      const app = await buyableApp(appId);
      const accepted = await consent(app, acceptPermissions);
      const address = normaliseEmail(email);
      const buyer: Buyer = { id: guestBuyerId(address), email: address, full_name: '', email_verified: false };
      const at = now();
      // No slot and no "already licensed" check: either would tell a stranger what this address holds.
      if (!isFreeApp(app))
        return startClaimed({ app, buyer, newAccount: true, purchaseId: randomUUID(), at, accepted });
      return requestGuestConfirmation(app, buyer, at, accepted);
    },

    /**
     * POST /api/stripe/confirm-guest-license {token}: the address's owner followed the mailed link;
     * the free licence is granted now (once: the pending -> completed write is conditional).
     */
    async confirmGuestLicence(confirmToken: string): Promise<CheckoutSession> {
      const sessionId = `${GUEST_FREE_PREFIX}${confirmToken}`;
      const pending = await purchases.getBySession(sessionId);
      const at = now();
      const ttlMs = (deps.guestConfirmTtlSeconds ?? 48 * 3600) * 1000;
      if (pending?.payment_method !== 'free') throw new NotFoundError(GUEST_CONFIRM_INVALID);
      if (pending.status === 'completed') return answerGuest(sessionId);
      if (pending.status !== 'pending' || at.getTime() - Date.parse(pending.created_at) > ttlMs) {
        throw new NotFoundError(GUEST_CONFIRM_INVALID);
      }
      const app = await buyableApp(pending.app_id);
      // Only the address's owner gets here: telling them what they hold reveals nothing new.
      if (await purchases.holdsApp(pending.user_id, app.id)) throw new ConflictError(ALREADY_LICENSED);
      // The link mailed to the address was followed: the address is proven.
      const change = completionAt(pending, at, NO_PAYMENT_REFS, true);
      if ((await purchases.complete(pending.id, null, change)) !== 'applied') return answerGuest(sessionId);
      log.info('free guest licence confirmed', { purchase_id: pending.id, app_id: app.id });
      deps.onCompleted?.('free');
      const granted = completedWith(pending, change);
      try {
        await deps.fulfilment.fulfil(granted);
      } catch (err) {
        log.error('free licence delivery failed', { purchase_id: granted.id, error: (err as Error).message });
      }
      return answerGuest(sessionId);
    },

    /**
     * The purchase behind a local test-checkout session. Only in test mode: with Stripe configured,
     * or in the cloud, the test-checkout pages do not exist.
     */
    async testCheckoutPurchase(sessionId: string): Promise<PurchaseRecord> {
      if (payments.kind !== 'test') throw new NotFoundError('Not Found');
      const purchase = await purchases.getBySession(sessionId);
      if (purchase?.payment_method !== 'test') throw new NotFoundError(CHECKOUT_SESSION_NOT_FOUND);
      return purchase;
    },

    successUrl: (purchase: Pick<PurchaseRecord, 'session_id' | 'buyer_new_account'>) =>
      successUrl(purchase.session_id, purchase.buyer_new_account),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
