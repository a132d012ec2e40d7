/**
 * In-memory ports for unit tests of checkout, Stripe events and licence delivery (no DynamoDB).
 * They keep the port contracts' conditions (event once, pending -> completed, a pool key claimed
 * once, a licence assigned once) so the rules can be exercised without the table.
 */

import type { AppRecord } from '../apps/app';
import { appRecord } from '../apps/testing';
import type { ClaimOutcome, LicenceStore } from '../licences/ports';
import { decodeCursor, encodeCursor } from '../paging';
import type { Mailer, OutgoingMail } from '../users/ports';
import type { EventOutcome, PurchaseRepository } from './ports';
import { isLicenceHeld, NOT_COMPLETED, type PurchaseRecord } from './purchase';

export interface PoolKeyState {
  status: 'available' | 'assigned';
  /** false: the key is not (yet) in the availability index (eventual consistency, old items). */
  indexed: boolean;
  purchase_id?: string;
}

const isPending = (p: PurchaseRecord) => p.status === 'pending';
const isCompleted = (p: PurchaseRecord) => p.status === 'completed';

export function memoryStore() {
  const purchases = new Map<string, PurchaseRecord>();
  const sessions = new Map<string, string>();
  const events = new Set<string>();
  const refs = new Map<string, string>();
  const lookups = new Map<string, string>();
  const pools = new Map<string, Map<string, PoolKeyState>>();
  const secrets = new Map<string, string>();
  const payout = new Map<string, string>();
  const slots = new Map<string, { purchase_id: string; claimed_at: string }>();
  const copy = (p: PurchaseRecord | undefined) => (p ? structuredClone(p) : undefined);
  const awaiting = (p: PurchaseRecord | undefined) =>
    !!p && p.status === 'completed' && (p.fulfilment === 'pending' || p.license_status === 'out_of_stock');
  /** One page of the non-pending purchases `matches` keeps, newest first, behind an offset cursor. */
  const newestFirstPage = (matches: (p: PurchaseRecord) => boolean, limit: number, cursor?: string) => {
    const all = [...purchases.values()]
      .filter((p) => matches(p) && p.status !== 'pending')
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((p) => structuredClone(p));
    const from = cursor ? Number(decodeCursor(cursor, (v) => typeof v.offset === 'number', 'bad cursor').offset) : 0;
    const items = all.slice(from, from + limit);
    return { items, next_cursor: from + limit < all.length ? encodeCursor({ offset: from + limit }) : null };
  };
  /** An event's write as the table makes it: once per event id, and only to a purchase in the state it moves from. */
  const applyOnce = (
    id: string,
    eventId: string | null | undefined,
    movesFrom: (p: PurchaseRecord) => boolean,
    apply: (p: PurchaseRecord) => void,
  ): EventOutcome => {
    if (eventId && events.has(eventId)) return 'duplicate_event';
    const p = purchases.get(id);
    if (!p || !movesFrom(p)) return 'not_applicable';
    if (eventId) events.add(eventId);
    apply(p);
    return 'applied';
  };

  const repo: PurchaseRepository = {
    async checkoutSlot(buyerId, appId) {
      const slot = slots.get(`${buyerId}#${appId}`);
      return slot ? { ...slot } : undefined;
    },
    async claimCheckoutSlot(buyerId, appId, purchaseId, claimedAt, replacing) {
      const key = `${buyerId}#${appId}`;
      const current = slots.get(key);
      if (!replacing ? current : current?.purchase_id !== replacing.purchaseId) return false;
      if (replacing && (purchases.get(replacing.purchaseId)?.status ?? null) !== replacing.status) return false;
      slots.set(key, { purchase_id: purchaseId, claimed_at: claimedAt });
      return true;
    },
    async releaseCheckoutSlot(buyerId, appId, purchaseId) {
      const key = `${buyerId}#${appId}`;
      if (slots.get(key)?.purchase_id === purchaseId) slots.delete(key);
    },
    async create(p, opts) {
      if (purchases.has(p.id) || sessions.has(p.session_id)) throw new Error('exists');
      if (opts?.holdsSlot && slots.get(`${p.user_id}#${p.app_id}`)?.purchase_id !== p.id) return 'slot_lost';
      purchases.set(p.id, structuredClone(p));
      sessions.set(p.session_id, p.id);
      return undefined;
    },
    async getById(id) {
      return copy(purchases.get(id));
    },
    async getBySession(sessionId) {
      const id = sessions.get(sessionId);
      return id ? copy(purchases.get(id)) : undefined;
    },
    async idByStripeRef(ref) {
      return refs.get(ref);
    },
    async holdsApp(buyerId, appId) {
      const now = new Date();
      return [...purchases.values()].some((p) => p.user_id === buyerId && p.app_id === appId && isLicenceHeld(p, now));
    },
    async listByBuyer(userId, opts = {}) {
      return [...purchases.values()]
        .filter((p) => p.user_id === userId && (opts.includePending || p.status !== 'pending'))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((p) => structuredClone(p));
    },
    async pageByApp(appId, limit, cursor) {
      return newestFirstPage((p) => p.app_id === appId, limit, cursor);
    },
    async pageByBuyers(buyerIds, limit, cursor) {
      return newestFirstPage((p) => buyerIds.includes(p.user_id), limit, cursor);
    },
    async complete(id, eventId, change) {
      return applyOnce(id, eventId, isPending, (p) => {
        Object.assign(p, change, { status: 'completed', fulfilment: 'pending' });
        for (const ref of [change.payment_intent_id, change.stripe_subscription_id]) if (ref) refs.set(ref, id);
      });
    },
    async leaseFulfilment(id, nowMs, untilMs) {
      const p = purchases.get(id);
      if (p?.status !== 'completed' || p.fulfilment !== 'pending' || (p.fulfilment_lease_until ?? 0) >= nowMs) {
        return false;
      }
      p.fulfilment_lease_until = untilMs;
      return true;
    },
    async takeFulfilment(id, expected, nowMs, untilMs) {
      const p = purchases.get(id);
      if (p?.status !== 'completed' || p.fulfilment !== 'pending') return false;
      const lease = p.fulfilment_lease_until;
      if (lease !== null && lease !== expected && lease >= nowMs) return false;
      p.fulfilment_lease_until = untilMs;
      return true;
    },
    async releaseFulfilment(id, leaseUntil) {
      const p = purchases.get(id);
      if (p?.fulfilment === 'pending' && p.fulfilment_lease_until === leaseUntil) p.fulfilment_lease_until = 0;
    },
    async markRefunded(id, change) {
      const boughtInWindow = (p: PurchaseRecord) =>
        isCompleted(p) && !(change.createdAfter && p.created_at < change.createdAfter);
      return applyOnce(id, change.eventId, boughtInWindow, (p) => {
        Object.assign(p, { status: 'refunded', license_status: 'revoked', refunded_at: change.refunded_at });
        if (change.flag) p.flag = change.flag;
      });
    },
    async flagPayment(id, eventId, change) {
      return applyOnce(id, eventId, isPending, (p) => {
        Object.assign(p, { status: 'payment_mismatch', flag: change.flag });
      });
    },
    async countInstallation(id) {
      const p = purchases.get(id);
      if (!p || !isCompleted(p) || p.installation_counted) return false;
      p.installation_counted = true;
      return true;
    },
    async setExpiry(id, expiresAt, eventId) {
      return applyOnce(id, eventId, isCompleted, (p) => {
        p.expires_at = expiresAt;
      });
    },
    async payoutAccount(developerId) {
      return payout.get(developerId) ?? null;
    },
  };

  const store: LicenceStore & { claimHook?: (key: string) => ClaimOutcome | undefined } = {
    async availablePoolKeys(appId, limit, opts = {}) {
      return [...(pools.get(appId) ?? new Map()).entries()]
        .filter(([, k]) => k.status === 'available' && (opts.consistent || k.indexed))
        .map(([key]) => key)
        .slice(0, limit);
    },
    async claimPoolKey({ appId, key, purchaseId }) {
      const forced = store.claimHook?.(key);
      if (forced) return forced;
      const k = pools.get(appId)?.get(key);
      const p = purchases.get(purchaseId);
      if (!awaiting(p)) return 'purchase_done';
      if (k?.status !== 'available' || lookups.has(`${appId}#${key}`)) return 'key_taken';
      Object.assign(k, { status: 'assigned', purchase_id: purchaseId });
      Object.assign(p as PurchaseRecord, { license_key: key, license_status: 'assigned', fulfilment: 'done' });
      lookups.set(`${appId}#${key}`, purchaseId);
      return 'claimed';
    },
    async assignKey({ appId, purchaseId, key, expiresAt }) {
      const p = purchases.get(purchaseId);
      if (!awaiting(p)) return 'purchase_done';
      Object.assign(p as PurchaseRecord, {
        license_key: key,
        license_status: 'assigned',
        fulfilment: 'done',
        expires_at: expiresAt,
      });
      if (lookups.has(`${appId}#${key}`)) return 'assigned_shared';
      lookups.set(`${appId}#${key}`, purchaseId);
      return 'assigned';
    },
    async setUndelivered({ id }, status) {
      const p = purchases.get(id);
      if (p?.status !== 'completed' || p.fulfilment !== 'pending') return false;
      Object.assign(p, { license_status: status, fulfilment: 'done' });
      return true;
    },
    async outOfStockPurchaseIds(appId) {
      return [...purchases.values()]
        .filter((p) => p.app_id === appId && p.status === 'completed' && p.license_status === 'out_of_stock')
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((p) => p.id);
    },
    async licenceWebhookSecret(appId, candidate) {
      if (!secrets.has(appId)) secrets.set(appId, candidate);
      return secrets.get(appId);
    },
  };

  const addPool = (appId: string, keys: string[], indexed = true) => {
    const pool = pools.get(appId) ?? new Map<string, PoolKeyState>();
    for (const key of keys) pool.set(key, { status: 'available', indexed });
    pools.set(appId, pool);
  };

  return { repo, store, purchases, events, lookups, pools, secrets, payout, addPool };
}

export function memoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async sendMail(mail) {
      sent.push(mail);
    },
  };
}

export function appFixture(overrides: Partial<AppRecord> = {}): AppRecord {
  const now = '2026-01-15T10:00:00.000Z';
  return appRecord({
    id: 'app-1',
    slug: 'app-one',
    name: 'App One',
    pricing_model: 'one_time',
    price_cents: 4900,
    licensing_type: 'key_pool',
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  });
}

/** A verified password account; `over` names who it is. */
const accountFixture = <T extends object>(over: T) => ({
  website: null,
  role: 'developer' as const,
  created_at: '2026-01-01T00:00:00.000Z',
  auth_provider: 'password' as const,
  email_verified: true,
  token_version: 0,
  invited: false,
  linked_emails: [],
  ...over,
});

export const usersFixture = {
  dev: accountFixture({
    id: 'dev-1',
    email: 'dev@example.com',
    full_name: 'Dev One',
    company_name: 'Dev Co',
    is_approved: true,
  }),
  buyer: accountFixture({
    id: 'buyer-1',
    email: 'buyer@example.com',
    full_name: 'Buyer One',
    company_name: '',
    is_approved: false,
  }),
};

/** A pending card purchase of app-1 by buyer-1; `overrides` change any field. */
export function purchaseFixture(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    id: 'p1',
    app_id: 'app-1',
    developer_id: 'dev-1',
    user_id: 'buyer-1',
    buyer_email: 'buyer@example.com',
    buyer_name: 'Buyer',
    buyer_new_account: false,
    app: {
      id: 'app-1',
      name: 'App One',
      slug: 'app-one',
      icon_url: null,
      description: null,
      documentation_url: null,
      company_name: null,
    },
    pricing_model: 'one_time',
    price_period: null,
    free_trial_days: 0,
    licensing_type: 'key_pool',
    status: 'pending',
    ...NOT_COMPLETED,
    amount_cents: 4900,
    platform_fee_cents: 980,
    currency: 'usd',
    payment_method: 'card',
    session_id: 'cs_1',
    created_at: '2026-03-01T11:00:00.000Z',
    ...overrides,
  };
}
