/**
 * Manual licences. A purchase whose licence could not be delivered by machine
 * (licensing `manual`, or a `webhook` app whose endpoint failed) waits in manual_pending. The app's
 * developer, or an admin, records what they sent the buyer: access details, a licence key, or
 * both. The licence then turns active ('assigned' with a key, 'active' without) and the buyer gets
 * the licence mail. A licence still pending after MANUAL_REMINDER_HOURS reminds the developer by
 * e-mail, once; past MANUAL_OVERDUE_HOURS it counts as overdue on the admin Dashboard.
 */
import {
  type AdminManualLicencePage,
  type CompleteManualLicenceInput,
  type CompleteManualLicenceResult,
  MANUAL_COUNT_CAP,
  MANUAL_LICENCE_COMPLETED,
  MANUAL_LICENCE_DONE,
  MANUAL_LICENCE_NOT_FOUND,
  MANUAL_OVERDUE_HOURS,
  MANUAL_REMINDER_HOURS,
  type ManualLicence,
  type ManualLicenceList,
} from '@shared/schemas/manual-licences';
import { tokenLink } from '@shared/site-paths';
import type { AppRepository } from '../apps/app-repository';
import { ConflictError, NotFoundError } from '../errors';
import type { Page } from '../paging';
import { isProvenPurchase, type PurchaseRecord } from '../purchases/purchase';
import type { Log, Mailer, UsersRepository } from '../users/ports';
import type { ClaimLinks } from '../users/practice-claims';
import { buyerLicenceMail, reminderMail } from './licence-mails';

const HOUR_MS = 3_600_000;

/** A purchase waiting for its manual licence, with when it started waiting and whether its developer was reminded. */
export interface PendingManualLicence {
  purchase: PurchaseRecord;
  pending_since: string;
  reminded_at: string | null;
}

export interface ManualLicenceStore {
  /**
   * One page of the manual licences pending on one developer (the purchases' developer_id, the
   * app's owner), oldest first: a bounded read, the next page from `cursor`.
   */
  pendingPageForDeveloper(developerId: string, limit: number, cursor?: string): Promise<Page<PendingManualLicence>>;
  /** Every pending manual licence, oldest first (the reminder worker's walk). */
  allPending(): Promise<PendingManualLicence[]>;
  /** One page of the pending manual licences, oldest first (the admin's list: a bounded read). */
  pendingPage?(limit: number, cursor?: string): Promise<Page<PendingManualLicence>>;
  /**
   * How many are pending, and how many of them went pending before `overdueBefore`, each counted
   * up to `cap` (a keys-only read of at most `cap` index entries each).
   */
  pendingCounts?(overdueBefore: string, cap: number): Promise<{ pending: number; overdue: number }>;
  /** One purchase with its manual-licence fields, or undefined. */
  get(purchaseId: string): Promise<PendingManualLicence | undefined>;
  /**
   * manual_pending -> assigned (with the key; its lookup item is written when the key has none)
   * or active, in one conditional write. 'not_pending' when it is no longer manual_pending.
   */
  complete(input: {
    purchaseId: string;
    appId: string;
    licenseKey: string | null;
    at: string;
  }): Promise<'completed' | 'not_pending'>;
  /** Records the reminder once: false when it was already recorded or the licence is no longer pending. */
  markReminded(purchaseId: string, at: string): Promise<boolean>;
  /**
   * Manual licences that went pending before the pending index existed are not in allPending.
   * Whether they were already brought in (a marker, so the apps are walked once, not every minute).
   */
  legacyPendingIndexed(): Promise<boolean>;
  /** Adds the app's pending manual licences that lack the index to it; returns how many. */
  indexLegacyPending(appId: string): Promise<number>;
  /** Records that every app was walked. */
  markLegacyPendingIndexed(at: string): Promise<void>;
}

/** The reminder rule: still pending, waited at least MANUAL_REMINDER_HOURS, never reminded before. */
export function reminderDue(pending: Pick<PendingManualLicence, 'pending_since' | 'reminded_at'>, now: Date): boolean {
  if (pending.reminded_at) return false;
  const since = Date.parse(pending.pending_since);
  return Number.isFinite(since) && now.getTime() - since >= MANUAL_REMINDER_HOURS * HOUR_MS;
}

/** Waited longer than MANUAL_OVERDUE_HOURS (the spec's "within 24 hours"). */
export function isOverdue(pending: Pick<PendingManualLicence, 'pending_since'>, now: Date): boolean {
  const since = Date.parse(pending.pending_since);
  return Number.isFinite(since) && now.getTime() - since > MANUAL_OVERDUE_HOURS * HOUR_MS;
}

export interface ManualLicencesDeps {
  store: ManualLicenceStore;
  apps: Pick<AppRepository, 'getById' | 'listByOwner' | 'listAll'>;
  users: Pick<UsersRepository, 'findById'>;
  mailer: Mailer;
  /** The buyer's licence mail (default `mailer`): the composition root caps mails per recipient per day. */
  buyerMailer?: Mailer;
  /** Issues the "Create your practice account" link a guest's licence mail carries (optional). */
  claimLinks?: ClaimLinks;
  /**
   * The licence mail's "see or revoke this app's access" link of the buyer's install, as the
   * automatic licence mail carries it (core/installs/access-links.ts); optional.
   */
  accessTokenFor?(install: { buyer_id: string; app_id: string }): Promise<string>;
  appUrl: string;
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

export function createManualLicences(deps: ManualLicencesDeps) {
  const { store, apps, users, mailer } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());

  /**
   * Whether the buyer's address is proven: a guest's free licence (granted only through the link
   * mailed to it), or an account whose address is verified. A paid guest purchase is not, until an
   * account of the address verifies it; the buyer then reads the licence on My Purchased Licenses.
   */
  async function buyerAddressProven(purchase: PurchaseRecord): Promise<boolean> {
    const buyer = purchase.buyer_new_account ? undefined : await users.findById(purchase.user_id);
    return isProvenPurchase(purchase, buyer);
  }

  /** The access link of the buyer's install of the app (null without one: the mail still goes). */
  async function accessLinkFor(purchase: PurchaseRecord): Promise<string | null> {
    if (!deps.accessTokenFor) return null;
    try {
      const token = await deps.accessTokenFor({ buyer_id: purchase.user_id, app_id: purchase.app_id });
      return tokenLink(deps.appUrl, '/marketplace/app-access', token);
    } catch (err) {
      log.error('access link not issued', { purchase_id: purchase.id, error: (err as Error).message });
      return null;
    }
  }

  async function claimLinkFor(email: string): Promise<string | null> {
    try {
      return (await deps.claimLinks?.linkFor(email)) ?? null;
    } catch (err) {
      log.error('claim link not issued', { error: (err as Error).message });
      return null;
    }
  }

  const view = (p: PendingManualLicence, at: Date): ManualLicence => ({
    purchase_id: p.purchase.id,
    app_id: p.purchase.app_id,
    app_name: p.purchase.app.name,
    buyer_email: p.purchase.buyer_email,
    buyer_name: p.purchase.buyer_name,
    pending_since: p.pending_since,
    overdue: isOverdue(p, at),
  });

  /**
   * Brings manual licences that went pending before the pending index existed into it, once:
   * every app's sales are walked, then a marker is written. Returns how many were indexed.
   */
  async function indexLegacyPending(): Promise<number> {
    if (await store.legacyPendingIndexed()) return 0;
    let indexed = 0;
    for (const app of await apps.listAll()) indexed += await store.indexLegacyPending(app.id);
    await store.markLegacyPendingIndexed(now().toISOString());
    if (indexed) log.info('legacy manual licences indexed', { count: indexed });
    return indexed;
  }

  return {
    /**
     * One page of the pending manual licences of the developer's apps, oldest first, and the next
     * page's cursor (null on the last).
     */
    async listForDeveloper(userId: string, page: { limit: number; cursor?: string }): Promise<ManualLicenceList> {
      // As before the list paged: only the apps the developer still has (a deleted app's buyers
      // stay with the admin's list), so a page can hold fewer than `limit` with a next cursor.
      const [owned, rows] = await Promise.all([
        apps.listByOwner(userId),
        store.pendingPageForDeveloper(userId, page.limit, page.cursor),
      ]);
      const mine = new Set(owned.map((a) => a.id));
      const at = now();
      return {
        licences: rows.items.filter((p) => mine.has(p.purchase.app_id)).map((p) => view(p, at)),
        next_cursor: rows.next_cursor,
      };
    },

    /**
     * One page of the pending manual licences, oldest first, with how many are pending and overdue
     * in all (counted up to MANUAL_COUNT_CAP each) and the next page's cursor.
     */
    async listAll(page: { limit: number; cursor?: string }): Promise<AdminManualLicencePage> {
      const at = now();
      if (!store.pendingPage || !store.pendingCounts) throw new Error('this store cannot page manual licences');
      const cutoff = new Date(at.getTime() - MANUAL_OVERDUE_HOURS * HOUR_MS).toISOString();
      const [rows, counts] = await Promise.all([
        store.pendingPage(page.limit, page.cursor),
        store.pendingCounts(cutoff, MANUAL_COUNT_CAP),
      ]);
      return {
        licences: rows.items.map((p) => view(p, at)),
        overdue_count: counts.overdue,
        pending_count: counts.pending,
        overdue_hours: MANUAL_OVERDUE_HOURS,
        next_cursor: rows.next_cursor,
      };
    },

    /**
     * Completes a pending manual licence. `actor.admin` may complete any; a developer only those of
     * their own apps (anyone else's reads as not found). 409 once it is no longer pending.
     */
    async complete(
      actor: { userId: string; admin: boolean },
      purchaseId: string,
      input: CompleteManualLicenceInput,
    ): Promise<CompleteManualLicenceResult> {
      const found = await store.get(purchaseId);
      const purchase = found?.purchase;
      if (!purchase || purchase.status === 'pending') throw new NotFoundError(MANUAL_LICENCE_NOT_FOUND);
      const app = await apps.getById(purchase.app_id);
      const ownerId = app?.user_id ?? purchase.developer_id;
      if (!actor.admin && ownerId !== actor.userId) throw new NotFoundError(MANUAL_LICENCE_NOT_FOUND);
      if (purchase.status !== 'completed' || purchase.license_status !== 'manual_pending') {
        throw new ConflictError(MANUAL_LICENCE_DONE);
      }
      const key = input.license_key ?? null;
      const outcome = await store.complete({
        purchaseId,
        appId: purchase.app_id,
        licenseKey: key,
        at: now().toISOString(),
      });
      if (outcome === 'not_pending') throw new ConflictError(MANUAL_LICENCE_DONE);
      const status = key ? 'assigned' : 'active';
      log.info('manual licence completed', { purchase_id: purchaseId, by: actor.userId, admin: actor.admin });
      // The developer's text goes only to an address its owner proved: never relayed to any address.
      // A paid guest (the payer typed the address) is told in the platform's words only; an
      // unverified account reads it on My Purchased Licenses.
      const proven = await buyerAddressProven(purchase);
      const paidGuest = purchase.buyer_new_account && purchase.payment_method !== 'free';
      if (!proven && !paidGuest) {
        log.info('licence mail not sent: the address is not verified', { purchase_id: purchaseId });
        return { message: MANUAL_LICENCE_COMPLETED, purchase_id: purchaseId, license_status: status, license_key: key };
      }
      try {
        await (deps.buyerMailer ?? mailer).sendMail(
          buyerLicenceMail({
            to: purchase.buyer_email,
            appName: app?.name ?? purchase.app.name,
            delivery: { license_status: status, license_key: key, expires_at: purchase.expires_at },
            instructions: proven ? (app?.licensing_instructions ?? null) : null,
            accessDetails: proven ? (input.access_details ?? null) : null,
            guest: purchase.buyer_new_account,
            claimLink: purchase.buyer_new_account ? await claimLinkFor(purchase.buyer_email) : null,
            accessLink: await accessLinkFor(purchase),
            appUrl: deps.appUrl,
          }),
        );
      } catch (err) {
        log.error('licence mail not sent', {
          what: 'manual licence',
          purchase_id: purchaseId,
          error: (err as Error).message,
        });
      }
      return { message: MANUAL_LICENCE_COMPLETED, purchase_id: purchaseId, license_status: status, license_key: key };
    },

    indexLegacyPending,

    /**
     * Reminds developers once about manual licences pending for MANUAL_REMINDER_HOURS (including
     * those pending from before the index existed). Returns how many were sent.
     */
    async sendReminders(): Promise<number> {
      await indexLegacyPending();
      const at = now();
      let sent = 0;
      for (const p of await store.allPending()) {
        if (!reminderDue(p, at)) continue;
        // Recorded first, so two sweeps never both send; a mail that then fails is logged.
        if (!(await store.markReminded(p.purchase.id, at.toISOString()))) continue;
        const app = await apps.getById(p.purchase.app_id);
        const to = (await users.findById(app?.user_id ?? p.purchase.developer_id))?.email;
        if (!to) continue;
        try {
          await mailer.sendMail(
            reminderMail({
              to,
              appName: app?.name ?? p.purchase.app.name,
              purchase: p.purchase,
              pendingSince: p.pending_since,
              appUrl: deps.appUrl,
            }),
          );
          sent++;
        } catch (err) {
          log.error('manual licence reminder not sent', { purchase_id: p.purchase.id, error: (err as Error).message });
        }
      }
      return sent;
    },
  };
}

export type ManualLicences = ReturnType<typeof createManualLicences>;
