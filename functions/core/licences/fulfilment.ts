/**
 * Licence delivery for a completed purchase, by the app's licensing type (docs/spec.md sections 3, 4,
 * 7):
 *
 * - key_pool: one available pool key per purchase, claimed in a transaction with the purchase
 *   (two buyers never get the same key); none left -> out_of_stock and the developer is told.
 * - universal_code: the app's code, the same for every buyer.
 * - manual: manual_pending; the developer is told to send access details.
 * - webhook: POST {purchase_id, customer_email, customer_name, app_id, timestamp} to the
 *   developer's endpoint, signed the Standard Webhooks way; its {license_key, expires_at} is
 *   recorded. Network errors, timeouts, non-2xx and unusable answers are retried, then the
 *   purchase becomes manual_pending and the developer is told.
 *
 * Every write is conditional on the purchase still waiting for its licence, so a second delivery
 * of the same purchase (a retried event, a re-driven delivery) can never assign a second key. The
 * buyer's licence mail follows the write. Mail failures are logged, never thrown: the purchase and
 * its licence are already safe.
 */
import type { LicenseStatus } from '@shared/constants';
import { tokenLink } from '@shared/site-paths';
import type { AppRecord } from '../apps/app';
import type { AppRepository } from '../apps/app-repository';
import { reviewedView } from '../apps/reviewed-view';
import { type LicenceEvents, licenceEventData } from '../purchases/ports';
import type { PurchaseRecord } from '../purchases/purchase';
import type { Log, Mailer, OutgoingMail, UsersRepository } from '../users/ports';
import type { ClaimLinks } from '../users/practice-claims';
import { generateSecret, signedHeaders } from '../webhooks/signing';
import { buyerLicenceMail, manualAccessMail, poolEmptyMail, webhookFailedMail } from './licence-mails';
import type { EndpointResponse, LicenceEndpointClient, LicenceStore } from './ports';

/** The licensing an admin reviewed: a set-up waiting for review is not used yet. */
const reviewedOf = <T extends AppRecord>(app: T | undefined) => (app ? reviewedView(app) : undefined);

/** Random bytes of the licence webhook secret kept on an app. */
const LICENCE_WEBHOOK_SECRET_BYTES = 32;

/** What a purchase ended up with. */
export interface Delivery {
  license_status: LicenseStatus;
  license_key: string | null;
  expires_at: string | null;
}

/** What the access link names of an install. */
type AccessLinkInstall = { buyer_id: string; app_id: string };

export interface LicenceFulfilmentDeps {
  store: LicenceStore;
  apps: Pick<AppRepository, 'getById'>;
  users: Pick<UsersRepository, 'findById'>;
  purchases: { getById(id: string): Promise<PurchaseRecord | undefined> };
  mailer: Mailer;
  /** The buyer's licence mail (default `mailer`): the composition root caps mails per recipient per day. */
  buyerMailer?: Mailer;
  endpoint: LicenceEndpointClient;
  /** Tells the developer's own webhooks (license.purchased); optional. */
  events?: LicenceEvents;
  /** Creates (or grants) the buyer's install of the app once its licence is delivered (core/installs); optional. */
  installs?: {
    onDelivered(purchase: PurchaseRecord): Promise<AccessLinkInstall | undefined>;
    /** The licence mail's "see or revoke this app's access" link token (core/installs/access-links.ts). */
    accessTokenFor?(install: AccessLinkInstall): Promise<string>;
  };
  /** Public origin for links in mails. */
  appUrl: string;
  /** Issues the "Create your practice account" link a guest's licence mail carries (optional). */
  claimLinks?: ClaimLinks;
  log?: Log;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Licence webhook: time allowed per attempt (default 10 s). */
  webhookTimeoutMs?: number;
  /** Licence webhook: waits before each retry (default 1 s, then 3 s: three attempts in all). */
  webhookRetryDelaysMs?: readonly number[];
  /** Pool keys read per candidate query (default 10). */
  poolBatch?: number;
  /**
   * Told when the automatic delivery gave up and the buyer now waits for the developer: the licence
   * webhook failed every attempt, the key pool is empty, or the app is gone (the business metric
   * behind the "licence deliveries failed" alarm); optional.
   */
  onUndelivered?: (reason: UndeliveredReason) => void;
}

/** Why a purchase was left without its licence by the automatic delivery. */
export type UndeliveredReason = 'licence_webhook_failed' | 'pool_empty' | 'app_gone';

const silentLog: Log = { info() {}, warn() {}, error() {} };
const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const MAX_KEY_LENGTH = 1000;
/** Candidate reads from the GSI, then from the table, before a pool counts as empty for a purchase. */
const MAX_INDEX_ROUNDS = 12;
const MAX_TABLE_ROUNDS = 6;

/** The developer endpoint's answer: a non-empty license_key and an ISO expires_at or null. */
export function parseLicenceAnswer(
  res: EndpointResponse,
): { ok: true; key: string; expiresAt: string | null } | { ok: false; error: string } {
  if (res.status < 200 || res.status > 299) return { ok: false, error: `HTTP ${res.status}` };
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return { ok: false, error: 'the answer is not JSON' };
  }
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const key = typeof obj.license_key === 'string' ? obj.license_key.trim() : '';
  if (!key || key.length > MAX_KEY_LENGTH) return { ok: false, error: 'the answer has no usable license_key' };
  const raw = obj.expires_at;
  if (raw === undefined || raw === null) return { ok: true, key, expiresAt: null };
  const at = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) return { ok: false, error: 'expires_at is not an ISO date' };
  return { ok: true, key, expiresAt: new Date(at).toISOString() };
}

export function createLicenceFulfilment(deps: LicenceFulfilmentDeps) {
  const { store, apps, users, mailer } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? realSleep;
  const timeoutMs = deps.webhookTimeoutMs ?? 10_000;
  const retryDelays = deps.webhookRetryDelaysMs ?? [1_000, 3_000];
  const batch = deps.poolBatch ?? 10;

  async function send(mail: OutgoingMail, what: string, purchaseId: string, via: Mailer = mailer): Promise<void> {
    try {
      await via.sendMail(mail);
    } catch (err) {
      log.error('licence mail not sent', { what, purchase_id: purchaseId, error: (err as Error).message });
    }
  }

  async function developerEmail(app: AppRecord): Promise<string | undefined> {
    return (await users.findById(app.user_id))?.email;
  }

  function developerMailInput(app: AppRecord, purchase: PurchaseRecord, to: string) {
    return {
      to,
      appName: app.name,
      buyerEmail: purchase.buyer_email,
      buyerName: purchase.buyer_name,
      purchaseId: purchase.id,
      appUrl: deps.appUrl,
    };
  }

  /**
   * Claims one pool key. Candidates come from the GSI (cheap, eventually consistent); one of them,
   * at random so concurrent buyers spread out, is claimed in a transaction. When someone else got
   * it, the candidates are read again rather than trying stale ones one by one (each failed
   * transaction costs). When the index shows nothing claimable, the table itself is read
   * (strongly consistent), so "out of stock" is only ever decided on the truth.
   */
  async function claimFromPool(appId: string, purchase: PurchaseRecord): Promise<string | 'done' | undefined> {
    const tried = new Set<string>();
    let indexRounds = 0;
    let tableRounds = 0;
    while (tableRounds < MAX_TABLE_ROUNDS) {
      const consistent = indexRounds >= MAX_INDEX_ROUNDS;
      const fresh = (await store.availablePoolKeys(appId, batch, { consistent })).filter((k) => !tried.has(k));
      if (consistent) tableRounds++;
      else indexRounds++;
      if (fresh.length === 0) {
        if (consistent) return undefined;
        indexRounds = MAX_INDEX_ROUNDS; // nothing new in the index: ask the table
        continue;
      }
      const key = fresh[Math.floor(Math.random() * fresh.length)] as string;
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await store.claimPoolKey({
          appId,
          key,
          purchaseId: purchase.id,
          assignedAt: now().toISOString(),
        });
        if (outcome === 'claimed') return key;
        if (outcome === 'purchase_done') return 'done';
        if (outcome === 'key_taken') {
          tried.add(key);
          break;
        }
        await sleep(10 + Math.random() * 40 * (attempt + 1)); // conflict: let the other transaction finish
      }
    }
    return undefined;
  }

  async function deliverPoolKey(app: AppRecord, purchase: PurchaseRecord): Promise<Delivery | null> {
    const key = await claimFromPool(app.id, purchase);
    if (key === 'done') return null;
    if (key) return { license_status: 'assigned', license_key: key, expires_at: purchase.expires_at };
    if (!(await store.setUndelivered(purchase, 'out_of_stock'))) return null;
    log.warn('key pool empty', { app_id: app.id, purchase_id: purchase.id });
    deps.onUndelivered?.('pool_empty');
    const to = await developerEmail(app);
    if (to) await send(poolEmptyMail(developerMailInput(app, purchase, to)), 'pool empty', purchase.id);
    return { license_status: 'out_of_stock', license_key: null, expires_at: purchase.expires_at };
  }

  async function deliverManually(
    app: AppRecord,
    purchase: PurchaseRecord,
    webhookError?: string,
  ): Promise<Delivery | null> {
    if (!(await store.setUndelivered(purchase, 'manual_pending'))) return null;
    if (webhookError !== undefined) {
      log.error('licence webhook gave up: the purchase waits for the developer', {
        app_id: app.id,
        purchase_id: purchase.id,
        error: webhookError,
      });
      deps.onUndelivered?.('licence_webhook_failed');
    }
    const to = await developerEmail(app);
    if (to) {
      const base = developerMailInput(app, purchase, to);
      const mail =
        webhookError !== undefined
          ? webhookFailedMail({ ...base, error: webhookError })
          : manualAccessMail({ ...base, instructions: app.licensing_instructions ?? null });
      await send(mail, webhookError !== undefined ? 'webhook failed' : 'manual access', purchase.id);
    }
    return { license_status: 'manual_pending', license_key: null, expires_at: purchase.expires_at };
  }

  async function callLicenceWebhook(
    app: AppRecord,
    purchase: PurchaseRecord,
  ): Promise<{ ok: true; key: string; expiresAt: string | null } | { ok: false; error: string }> {
    const url = app.webhook_license_url?.trim();
    if (!url) return { ok: false, error: 'no license webhook URL is set' };
    const secret = await store.licenceWebhookSecret(app.id, generateSecret(LICENCE_WEBHOOK_SECRET_BYTES));
    if (!secret) return { ok: false, error: 'the app no longer exists' };
    const body = JSON.stringify({
      purchase_id: purchase.id,
      customer_email: purchase.buyer_email,
      customer_name: purchase.buyer_name ?? '',
      app_id: app.id,
      timestamp: now().toISOString(),
    });
    let error = 'no attempt made';
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1] as number);
      // Same message id on every attempt, so the endpoint can recognise a retry of the same purchase.
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'DentalMarketplace-Licensing/1.0',
        ...signedHeaders(secret, `msg_${purchase.id}`, Math.floor(now().getTime() / 1000), body),
      };
      try {
        const answer = parseLicenceAnswer(await deps.endpoint.post(url, body, headers, timeoutMs));
        if (answer.ok) return answer;
        error = answer.error;
      } catch (err) {
        error = (err as Error).message || 'request failed';
      }
      log.warn('licence webhook attempt failed', { app_id: app.id, purchase_id: purchase.id, attempt, error });
    }
    return { ok: false, error };
  }

  async function deliver(app: AppRecord | undefined, purchase: PurchaseRecord): Promise<Delivery | null> {
    if (!app) {
      log.error('licence for a deleted app', { app_id: purchase.app_id, purchase_id: purchase.id });
      if (!(await store.setUndelivered(purchase, 'manual_pending'))) return null;
      deps.onUndelivered?.('app_gone');
      return { license_status: 'manual_pending', license_key: null, expires_at: purchase.expires_at };
    }
    switch (app.licensing_type) {
      case 'key_pool':
        return deliverPoolKey(app, purchase);
      case 'universal_code': {
        const code = app.universal_access_code?.trim();
        if (!code) return deliverManually(app, purchase);
        const done = await store.assignKey({
          appId: app.id,
          purchaseId: purchase.id,
          key: code,
          expiresAt: purchase.expires_at,
        });
        return done === 'purchase_done'
          ? null
          : { license_status: 'assigned', license_key: code, expires_at: purchase.expires_at };
      }
      case 'webhook': {
        const answer = await callLicenceWebhook(app, purchase);
        if (!answer.ok) return deliverManually(app, purchase, answer.error);
        const done = await store.assignKey({
          appId: app.id,
          purchaseId: purchase.id,
          key: answer.key,
          expiresAt: answer.expiresAt,
        });
        if (done === 'purchase_done') return null;
        if (done === 'assigned_shared') {
          // The Partner API finds the key's first purchase; the developer's system should not repeat keys.
          log.warn('licence webhook returned a key already issued', { app_id: app.id, purchase_id: purchase.id });
        }
        return { license_status: 'assigned', license_key: answer.key, expires_at: answer.expiresAt };
      }
      default:
        return deliverManually(app, purchase);
    }
  }

  /**
   * Licence mails go only to addresses known to be the buyer's: a paid purchase
   * (the payer chose the address), a guest's free licence (confirmed through the mailed link), or
   * an account whose address is verified. A free licence of an unverified account is not mailed:
   * it shows on My Purchased Licenses.
   */
  async function mayMailBuyer(purchase: PurchaseRecord): Promise<boolean> {
    if (purchase.payment_method !== 'free' || purchase.buyer_new_account) return true;
    const buyer = await users.findById(purchase.user_id);
    return buyer?.email_verified === true;
  }

  /** A guest's claim link (null for an account's purchase, or when it cannot be stored: the mail still goes). */
  async function claimLinkFor(purchase: PurchaseRecord): Promise<string | null> {
    if (!purchase.buyer_new_account || !deps.claimLinks) return null;
    try {
      return await deps.claimLinks.linkFor(purchase.buyer_email);
    } catch (err) {
      log.error('claim link not issued', { purchase_id: purchase.id, error: (err as Error).message });
      return null;
    }
  }

  /** The access link of the buyer's install (null without one, or when it cannot be kept: the mail still goes). */
  async function accessLinkFor(
    purchase: PurchaseRecord,
    install: AccessLinkInstall | undefined,
  ): Promise<string | null> {
    if (!install || !deps.installs?.accessTokenFor) return null;
    try {
      const token = await deps.installs.accessTokenFor(install);
      return tokenLink(deps.appUrl, '/marketplace/app-access', token);
    } catch (err) {
      log.error('access link not issued', { purchase_id: purchase.id, error: (err as Error).message });
      return null;
    }
  }

  async function mailBuyer(
    app: AppRecord | undefined,
    purchase: PurchaseRecord,
    delivery: Delivery,
    install: AccessLinkInstall | undefined,
  ) {
    if (!(await mayMailBuyer(purchase))) {
      log.info('licence mail not sent: the address is not verified', { purchase_id: purchase.id });
      return;
    }
    await send(
      buyerLicenceMail({
        to: purchase.buyer_email,
        appName: app?.name ?? purchase.app.name,
        delivery,
        instructions: app?.licensing_instructions ?? null,
        guest: purchase.buyer_new_account,
        claimLink: await claimLinkFor(purchase),
        accessLink: await accessLinkFor(purchase, install),
        appUrl: deps.appUrl,
      }),
      'buyer licence',
      purchase.id,
      deps.buyerMailer ?? mailer,
    );
  }

  return {
    /**
     * Delivers the licence of a completed purchase and mails the buyer. Returns what was recorded,
     * or null when the purchase already had its licence (nothing was changed or sent).
     */
    async fulfil(purchase: PurchaseRecord): Promise<Delivery | null> {
      const app = reviewedOf(await apps.getById(purchase.app_id));
      const delivery = await deliver(app, purchase);
      if (delivery) {
        log.info('licence delivered', {
          purchase_id: purchase.id,
          app_id: purchase.app_id,
          license_status: delivery.license_status,
        });
        const install = await deps.installs?.onDelivered(purchase).catch((err: Error) => {
          // The licence is safe; the install is made again by the next delivery or a grant.
          log.error('install not recorded', { purchase_id: purchase.id, error: err.message });
        });
        await mailBuyer(app, purchase, delivery, install ?? undefined);
        await deps.events
          ?.publish(purchase.app_id, 'license.purchased', licenceEventData(purchase, delivery))
          .catch((err: Error) => {
            log.error('license.purchased not published', { purchase_id: purchase.id, error: err.message });
          });
      }
      return delivery;
    },

    /**
     * Gives waiting (out_of_stock) purchases of a key-pool app their keys, oldest first, after the
     * developer added keys; each buyer gets the licence mail. Returns how many were served.
     */
    async retryOutOfStock(appId: string): Promise<number> {
      const app = reviewedOf(await apps.getById(appId));
      if (app?.licensing_type !== 'key_pool') return 0;
      let served = 0;
      for (const id of await store.outOfStockPurchaseIds(appId)) {
        const purchase = await deps.purchases.getById(id);
        if (purchase?.status !== 'completed' || purchase.license_status !== 'out_of_stock') continue;
        const key = await claimFromPool(appId, purchase);
        if (key === undefined) break;
        if (key === 'done') continue;
        served++;
        await mailBuyer(
          app,
          purchase,
          {
            license_status: 'assigned',
            license_key: key,
            expires_at: purchase.expires_at,
          },
          // The install was made when the purchase was first delivered (out of stock).
          { buyer_id: purchase.user_id, app_id: purchase.app_id },
        );
      }
      return served;
    },
  };
}

export type LicenceFulfilment = ReturnType<typeof createLicenceFulfilment>;
