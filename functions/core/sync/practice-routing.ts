/**
 * Which apps may receive a practice's events (patient data): the rule of the practice-event
 * routing, free of storage.
 *
 * A practice is known by its normalised e-mail address. An event reaches an app only when:
 * - the practice holds a valid licence of the app now (completed, delivered, not refunded, not
 *   expired), bought signed in or as a guest, before or after the account existed;
 * - the buyer has proven the address: the account with that address verified it (by the
 *   verification link, Google, or a followed claim link), or the purchase is a free guest grant,
 *   which exists only once the address's owner followed its mailed confirmation link. A paid
 *   guest purchase proves nothing (anyone can type any address at checkout): it counts only once
 *   an account of that address is verified;
 * - the event occurred after the licence was issued (no history before the practice bought);
 * - the app is listed (approved, public, not suspended, not deleted);
 * - the practice consents: its install of the app is active and grants the event type, and the app
 *   still declares it (core/installs/install.ts consentFor). Otherwise the event is withheld.
 */
import type { InstallRecord } from '../installs/install';
import type { PurchaseRecord } from '../purchases/purchase';

/** What is stored of a practice's address: its account (if any) and every purchase kept against it. */
export interface PracticeHoldings {
  /** The account whose address this is; null when there is none. */
  account: { id: string; email_verified: boolean } | null;
  /** Purchases of that account and the address's guest purchases. */
  purchases: PurchaseRecord[];
  /** The installs kept under the same buyer ids (one per app and buyer id). */
  installs: InstallRecord[];
}

const DELIVERED = new Set(['active', 'assigned']);

export function isValidLicence(p: PurchaseRecord, nowMs: number): boolean {
  return (
    p.status === 'completed' &&
    p.license_status !== null &&
    DELIVERED.has(p.license_status) &&
    (p.expires_at === null || Date.parse(p.expires_at) > nowMs)
  );
}

/** Whoever holds this purchase has shown that the practice's address is theirs. */
export function isAddressProven(holdings: PracticeHoldings, p: PurchaseRecord): boolean {
  if (holdings.account?.email_verified) return true;
  const bySignedInBuyer = holdings.account !== null && p.user_id === holdings.account.id;
  // A free guest grant is completed only by the link mailed to the address.
  return !bySignedInBuyer && p.payment_method === 'free';
}

/**
 * App id -> when the earliest valid, proven licence of it was issued (epoch ms). An event of the
 * practice goes to an app of this map only if it occurred at or after that moment.
 */
export function routableLicences(holdings: PracticeHoldings, nowMs: number): Map<string, number> {
  const issued = new Map<string, number>();
  for (const p of holdings.purchases) {
    if (!isValidLicence(p, nowMs) || !isAddressProven(holdings, p)) continue;
    const at = Date.parse(p.completed_at ?? p.created_at);
    if (!Number.isFinite(at)) continue;
    const before = issued.get(p.app_id);
    if (before === undefined || at < before) issued.set(p.app_id, at);
  }
  return issued;
}

/** The apps of `licences` an event that occurred at `occurredAt` may reach (before the listing check). */
export function appsForEvent(licences: Map<string, number>, occurredAt: string): string[] {
  const at = Date.parse(occurredAt);
  if (!Number.isFinite(at)) return [];
  return [...licences]
    .filter(([, issuedAt]) => at >= issuedAt)
    .map(([appId]) => appId)
    .sort();
}
