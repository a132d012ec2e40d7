/**
 * An install: one practice's (an account, or a guest address until claimed: its buyer id, as a
 * purchase's user_id) consent to one app it licensed. Created when the licence is delivered
 * (installs-service.ts onDelivered), `pending` until the practice grants, `active` with what it
 * granted, `revoked` when it takes the access back. The licence itself is separate.
 */
import type { InstallStatus, Permissions } from '@shared/schemas/installs';
import type { PurchaseRecord } from '../purchases/purchase';
import type { AccessLinkHash } from './access-links';
import { asksForMore, intersect, NO_PERMISSIONS, type Requested } from './permissions';

export interface InstallRecord {
  id: string;
  /** The purchase's user_id: an account id, or guestBuyerId(address) for a guest. */
  buyer_id: string;
  app_id: string;
  app: { id: string; name: string; slug: string | null };
  /** The address the licence was bought with (what the licence webhook carries as customer_email). */
  customer_email: string;
  status: InstallStatus;
  /** What the practice consented to (the app may use at most what it also declares now). */
  granted: Permissions;
  declaration_version: string | null;
  installed_at: string;
  updated_at: string;
  revoked_at: string | null;
  /** The newest licence mail's access link, as its hash and expiry (core/installs/access-links.ts). */
  access_link?: AccessLinkHash | null;
}

/** What an install means today, given what the app declares now (null: no declaration). */
export interface InstallView {
  granted: Permissions;
  /** Present only while the declaration asks for more than was granted. */
  requested?: Permissions;
}

export function viewOf(install: InstallRecord, declared: Requested | null): InstallView {
  const now = declared?.permissions ?? NO_PERMISSIONS;
  const granted = intersect(install.granted, now);
  if (install.status === 'revoked' || !asksForMore(install.granted, now)) return { granted };
  return { granted, requested: now };
}

/** Why an event of `eventType` may not reach the app through this install; null when it may. */
export type Withheld = 'not_declared' | 'not_granted' | 'revoked';

export function consentFor(
  install: InstallRecord | undefined,
  declared: Requested | null,
  eventType: string,
): Withheld | null {
  if (!declared?.permissions.event_types.includes(eventType)) return 'not_declared';
  if (install?.status === 'revoked') return 'revoked';
  if (install?.status !== 'active') return 'not_granted';
  return viewOf(install, declared).granted.event_types.includes(eventType) ? null : 'not_granted';
}

/**
 * The practice's install of each app among installs kept under several buyer ids (an account's
 * own and its addresses' guest ones, attached by a claim or verification): the account's own wins,
 * otherwise the most recently changed.
 */
export function installsByApp(
  installs: readonly InstallRecord[],
  accountId: string | null,
): Map<string, InstallRecord> {
  const byApp = new Map<string, InstallRecord>();
  for (const i of installs) {
    const held = byApp.get(i.app_id);
    const own = (x: InstallRecord) => x.buyer_id === accountId;
    if (!held || (own(i) && !own(held)) || (own(i) === own(held) && i.updated_at > held.updated_at)) {
      byApp.set(i.app_id, i);
    }
  }
  return byApp;
}

/** A licence was delivered (the purchase is completed and its licence was issued, expired or not). */
export const isDeliveredLicence = (p: Pick<PurchaseRecord, 'status' | 'license_status'>): boolean =>
  p.status === 'completed' && (p.license_status === 'active' || p.license_status === 'assigned');

/**
 * The install a licence delivered before installs existed gets (the table migration
 * install-backfill, docs/behaviour.md#installs-and-consent): `active`, granting what the app
 * requests at migration time (its reviewed declaration; nothing without one), with that
 * declaration's version. Before the consent boundary every subscribed event of the practice reached
 * a licensed app: this keeps the practice receiving exactly that, and it can revoke on My Purchases.
 */
export function backfilledInstall(
  purchase: PurchaseRecord,
  declared: Requested | null,
  id: string,
  at: string,
): InstallRecord {
  return {
    id,
    buyer_id: purchase.user_id,
    app_id: purchase.app_id,
    app: { id: purchase.app_id, name: purchase.app.name, slug: purchase.app.slug },
    customer_email: purchase.buyer_email,
    status: 'active',
    granted: declared?.permissions ?? NO_PERMISSIONS,
    declaration_version: declared?.version ?? null,
    installed_at: purchase.completed_at ?? purchase.created_at,
    updated_at: at,
    revoked_at: null,
  };
}
