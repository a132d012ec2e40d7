/**
 * Purchases, checkout sessions, processed Stripe events, licence keys and key-pool claims in the
 * single table. Implements PurchaseRepository (functions/core/purchases/ports.ts) and LicenceStore
 * (functions/core/licences/ports.ts). Purchases are written in exactly the shape the Partner API
 * reads (contract 1 and 2 in licences-read-repo.ts).
 *
 * | item                       | PK                              | SK          | GSI1 (buyer)                                 | GSI2 (app sales)                    | GSI3                                |
 * |----------------------------|---------------------------------|-------------|----------------------------------------------|-------------------------------------|-------------------------------------|
 * | purchase                   | PURCHASE#<id>                   | PURCHASE    | BUYER#<userId> / PURCHASE#<created_at>#<id>  | APPSALES#<appId> / <created_at>#<id> |                                     |
 * | buyer's slot for an app    | BUYERAPP#<userId>#<appId>       | CHECKOUT    |                                              |                                     |                                     |
 * | checkout session pointer   | SESSION#<sessionId>             | SESSION     |                                              |                                     |                                     |
 * | Stripe event processed     | STRIPEEVENT#<eventId> (TTL)     | STRIPEEVENT |                                              |                                     |                                     |
 * | Stripe payment/subscription| STRIPEREF#<pi_...|sub_...>      | STRIPEREF   |                                              |                                     |                                     |
 * | licence-key lookup         | LICENSEKEY#<appId>#<sha256>     | LICENSEKEY  |                                              |                                     |                                     |
 * | pool key (key-pool-repo.ts)| APP#<appId>                     | POOLKEY#<k> |                                              |                                     | POOLAVAIL#<appId> / <created>#<k> (available only) |
 *
 * | Access pattern                              | Index | Key condition                                            | Function                   |
 * |---------------------------------------------|-------|----------------------------------------------------------|----------------------------|
 * | purchase by id                              | table | PK=PURCHASE#<id>                                         | getById                    |
 * | purchase by checkout session                | table | PK=SESSION#<id> -> PURCHASE#<id>                         | getBySession               |
 * | purchase by Stripe payment intent / sub     | table | PK=STRIPEREF#<ref>                                       | idByStripeRef              |
 * | purchases of a buyer, newest first          | GSI1  | GSI1PK=BUYER#<userId>, GSI1SK begins PURCHASE#           | listByBuyer                |
 * | sales of an app, newest first               | GSI2  | GSI2PK=APPSALES#<appId> (status <> pending)              | listByApp, outOfStock...   |
 * | new purchase + session pointer (tx)         | table | both attribute_not_exists(PK)                            | create                     |
 * | one open/valid purchase per buyer and app   | table | BUYERAPP# attribute_not_exists, or (tx) purchase_id = old + old purchase's status unchanged | claimCheckoutSlot |
 * | new purchase while its slot is held (tx)    | table | PURCHASE#/SESSION# attribute_not_exists + BUYERAPP# purchase_id = id | create (holdsSlot) |
 * | event once + pending -> completed (tx)      | table | STRIPEEVENT# attribute_not_exists + status = pending     | complete                   |
 * | claim a pool key (tx)                       | GSI3  | candidates GSI3PK=POOLAVAIL#<appId>; then pool item status = available + purchase awaiting + lookup put | availablePoolKeys, claimPoolKey |
 * | available pool keys, strongly consistent    | table | PK=APP#<appId>, SK begins POOLKEY#, status = available   | availablePoolKeys          |
 * | pending manual licences, oldest first      | GSI3  | GSI3PK=MANUALPENDING (purchase item while manual_pending) | dynamoManualLicences       |
 * | pending from before that index (once)       | GSI2  | GSI2PK=APPSALES#<appId>, no GSI3PK; marker MIGRATION#manual-pending-index | indexLegacyPending |
 * | licence webhook secret (lazy, on the app)   | table | PK=APP#<appId>, SK=APP, if_not_exists                    | licenceWebhookSecret       |
 * | developer's connected Stripe account        | table | PK=USER#<id>, SK=PROFILE (stripe_account_id)             | payoutAccount              |
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  LICENSE_STATUSES,
  LICENSING_TYPES,
  type LicenseStatus,
  PRICE_PERIODS,
  PRICING_MODELS,
} from '../../../shared/constants';
import { PAYMENT_METHODS, PURCHASE_STATUSES } from '../../../shared/schemas/checkout';
import type { ManualLicenceStore, PendingManualLicence } from '../../core/licences/manual-licences';
import type { ClaimOutcome, LicenceStore } from '../../core/licences/ports';
import type { EventOutcome, PurchaseRepository } from '../../core/purchases/ports';
import type { AppSnapshot, PurchaseRecord } from '../../core/purchases/purchase';
import { documentClient, tableName } from '../aws-clients';
import { appKey } from './apps-repo';
import { poolAvailablePk, poolKeyKey } from './key-pool-repo';
import { appSalesPartition, licenceKeyLookupItem, purchaseKey } from './licences-read-repo';
import { isConditionFailure, projection, queryAll } from './query-all';

// Keys ------------------------------------------------------------------------------------------

export const purchaseKeys = {
  purchase: purchaseKey,
  session: (sessionId: string) => ({ PK: `SESSION#${sessionId}`, SK: 'SESSION' }),
  checkoutSlot: (buyerId: string, appId: string) => ({ PK: `BUYERAPP#${buyerId}#${appId}`, SK: 'CHECKOUT' }),
  stripeEvent: (eventId: string) => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'STRIPEEVENT' }),
  stripeRef: (ref: string) => ({ PK: `STRIPEREF#${ref}`, SK: 'STRIPEREF' }),
  buyerPartition: (userId: string) => `BUYER#${userId}`,
  buyerSort: (p: Pick<PurchaseRecord, 'created_at' | 'id'>) => `PURCHASE#${p.created_at}#${p.id}`,
  appSalesSort: (p: Pick<PurchaseRecord, 'created_at' | 'id'>) => `${p.created_at}#${p.id}`,
  /** Pool items are key-pool-repo.ts's; their keys come from there so the two cannot drift. */
  poolKey: poolKeyKey,
  poolAvailablePartition: poolAvailablePk,
  app: appKey,
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
} as const;

/** Processed-event markers outlive Stripe's retries (3 days) by far; signatures older than 5 minutes fail anyway. */
const EVENT_MARKER_TTL_SECONDS = 30 * 86_400;

// Mappers ---------------------------------------------------------------------------------------

export function toPurchaseItem(p: PurchaseRecord): Record<string, unknown> {
  return {
    ...purchaseKeys.purchase(p.id),
    GSI1PK: purchaseKeys.buyerPartition(p.user_id),
    GSI1SK: purchaseKeys.buyerSort(p),
    GSI2PK: appSalesPartition(p.app_id),
    GSI2SK: purchaseKeys.appSalesSort(p),
    entity: 'Purchase',
    id: p.id,
    app_id: p.app_id,
    developer_id: p.developer_id,
    user_id: p.user_id,
    buyer_email: p.buyer_email,
    buyer_name: p.buyer_name,
    buyer_new_account: p.buyer_new_account,
    app: { ...p.app },
    pricing_model: p.pricing_model,
    price_period: p.price_period,
    free_trial_days: p.free_trial_days,
    licensing_type: p.licensing_type,
    status: p.status,
    license_status: p.license_status,
    license_key: p.license_key,
    amount_cents: p.amount_cents,
    platform_fee_cents: p.platform_fee_cents,
    currency: p.currency,
    payment_method: p.payment_method,
    session_id: p.session_id,
    payment_intent_id: p.payment_intent_id,
    stripe_subscription_id: p.stripe_subscription_id,
    stripe_invoice_id: p.stripe_invoice_id,
    created_at: p.created_at,
    completed_at: p.completed_at,
    expires_at: p.expires_at,
    refunded_at: p.refunded_at,
    fulfilment: p.fulfilment,
    fulfilment_lease_until: p.fulfilment_lease_until,
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | null =>
  (values as readonly unknown[]).includes(v) ? (v as T) : null;

function toSnapshot(raw: unknown, appId: string): AppSnapshot {
  const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    id: str(a.id) ?? appId,
    name: str(a.name) ?? 'Deleted app',
    slug: str(a.slug),
    icon_url: str(a.icon_url),
    description: str(a.description),
    documentation_url: str(a.documentation_url),
    company_name: str(a.company_name),
  };
}

export function fromPurchaseItem(item: Record<string, unknown>): PurchaseRecord {
  const appId = String(item.app_id ?? '');
  return {
    id: String(item.id),
    app_id: appId,
    developer_id: String(item.developer_id ?? ''),
    user_id: String(item.user_id ?? ''),
    buyer_email: String(item.buyer_email ?? ''),
    buyer_name: str(item.buyer_name),
    buyer_new_account: item.buyer_new_account === true,
    app: toSnapshot(item.app, appId),
    pricing_model: oneOf(PRICING_MODELS, item.pricing_model),
    price_period: oneOf(PRICE_PERIODS, item.price_period),
    free_trial_days: num(item.free_trial_days) ?? 0,
    licensing_type: oneOf(LICENSING_TYPES, item.licensing_type),
    status: oneOf(PURCHASE_STATUSES, item.status) ?? 'pending',
    license_status: oneOf(LICENSE_STATUSES, item.license_status),
    license_key: str(item.license_key),
    amount_cents: num(item.amount_cents) ?? 0,
    platform_fee_cents: num(item.platform_fee_cents) ?? 0,
    currency: str(item.currency) ?? 'usd',
    payment_method: oneOf(PAYMENT_METHODS, item.payment_method) ?? 'card',
    session_id: String(item.session_id ?? ''),
    payment_intent_id: str(item.payment_intent_id),
    stripe_subscription_id: str(item.stripe_subscription_id),
    stripe_invoice_id: str(item.stripe_invoice_id),
    created_at: String(item.created_at ?? ''),
    completed_at: str(item.completed_at),
    expires_at: str(item.expires_at),
    refunded_at: str(item.refunded_at),
    flag: str(item.flag),
    fulfilment: item.fulfilment === 'pending' || item.fulfilment === 'done' ? item.fulfilment : null,
    fulfilment_lease_until: num(item.fulfilment_lease_until),
  };
}

// Transactions ----------------------------------------------------------------------------------

const db = () => documentClient();
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** The per-item reasons of a cancelled transaction ("ConditionalCheckFailed", "None", ...), else undefined. */
function cancellationCodes(err: unknown): string[] | undefined {
  if ((err as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  if (reasons?.length) return reasons.map((r) => r.Code ?? 'None');
  // Some engines only list them in the message: "... [ConditionalCheckFailed, None]".
  const listed = /\[([^\]]*)\]/.exec((err as Error).message)?.[1];
  return listed ? listed.split(',').map((s) => s.trim()) : [];
}

/**
 * Runs a transaction. Resolves undefined when it committed, or the cancellation codes when a
 * condition failed. Cancellations caused only by another transaction touching the same items
 * (TransactionConflict) are retried a few times, then returned as they are.
 */
async function transact(items: TransactItems, conflictRetries = 4): Promise<string[] | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      const conflictOnly = !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= conflictRetries) return codes;
      await new Promise((r) => setTimeout(r, 15 * 2 ** attempt + Math.random() * 25));
    }
  }
}

const failed = (codes: string[] | undefined, index: number) => codes?.[index] === 'ConditionalCheckFailed';

async function getItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

/** Condition: a completed purchase still waiting for its licence (first delivery, or out of stock). */
const AWAITING_LICENCE = '#status = :completed AND (fulfilment = :pending OR license_status = :oos)';
const AWAITING_VALUES = { ':completed': 'completed', ':pending': 'pending', ':oos': 'out_of_stock' };

function eventMarker(eventId: string, nowMs: number) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...purchaseKeys.stripeEvent(eventId),
        entity: 'StripeEvent',
        processed_at: new Date(nowMs).toISOString(),
        ttl: Math.floor(nowMs / 1000) + EVENT_MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Runs [marker?, update]; maps the cancellation to an EventOutcome. */
async function withEventMarker(
  eventId: string | undefined | null,
  update: TransactItems[number],
  extra: TransactItems = [],
) {
  const items: TransactItems = eventId ? [eventMarker(eventId, Date.now()), update, ...extra] : [update, ...extra];
  const codes = await transact(items);
  if (!codes) return 'applied' as EventOutcome;
  if (eventId && failed(codes, 0)) return 'duplicate_event' as EventOutcome;
  if (codes.includes('ConditionalCheckFailed')) return 'not_applicable' as EventOutcome;
  throw new Error(`purchase transaction kept conflicting: ${codes.join(', ')}`);
}

/** GSI3 partition of purchases waiting for a manual licence (GSI3SK = <pending since>#<id>). */
export const MANUAL_PENDING_PARTITION = 'MANUALPENDING';

// Repository ------------------------------------------------------------------------------------

async function listPurchases(
  index: 'GSI1' | 'GSI2',
  partition: string,
  opts: { includePending?: boolean; sortPrefix?: string } = {},
): Promise<PurchaseRecord[]> {
  const pk = index === 'GSI1' ? 'GSI1PK' : 'GSI2PK';
  const sk = index === 'GSI1' ? 'GSI1SK' : 'GSI2SK';
  const values: Record<string, unknown> = { ':pk': partition };
  let keyCondition = `${pk} = :pk`;
  if (opts.sortPrefix) {
    keyCondition += ` AND begins_with(${sk}, :sk)`;
    values[':sk'] = opts.sortPrefix;
  }
  const filter = opts.includePending
    ? {}
    : { FilterExpression: '#status <> :pendingStatus', ExpressionAttributeNames: { '#status': 'status' } };
  if (!opts.includePending) values[':pendingStatus'] = 'pending';
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    ...filter,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  });
  return items.map(fromPurchaseItem);
}

export const dynamoPurchasesRepository: PurchaseRepository = {
  async checkoutSlot(buyerId, appId) {
    const item = await getItem(purchaseKeys.checkoutSlot(buyerId, appId));
    return typeof item?.purchase_id === 'string'
      ? { purchase_id: item.purchase_id, claimed_at: String(item.claimed_at ?? '') }
      : undefined;
  },

  async claimCheckoutSlot(buyerId, appId, purchaseId, claimedAt, replacing) {
    const Item = {
      ...purchaseKeys.checkoutSlot(buyerId, appId),
      entity: 'CheckoutSlot',
      purchase_id: purchaseId,
      claimed_at: claimedAt,
    };
    if (!replacing) {
      try {
        await db().send(
          new PutCommand({ TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' }),
        );
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    }
    const codes = await transact(
      [
        {
          Put: {
            TableName: tableName(),
            Item,
            ConditionExpression: 'purchase_id = :old',
            ExpressionAttributeValues: { ':old': replacing.purchaseId },
          },
        },
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: purchaseKeys.purchase(replacing.purchaseId),
            ...(replacing.status === null
              ? { ConditionExpression: 'attribute_not_exists(PK)' }
              : {
                  ConditionExpression: '#status = :status',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':status': replacing.status },
                }),
          },
        },
      ],
      0,
    );
    return codes === undefined;
  },

  async releaseCheckoutSlot(buyerId, appId, purchaseId) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: purchaseKeys.checkoutSlot(buyerId, appId),
          ConditionExpression: 'purchase_id = :mine',
          ExpressionAttributeValues: { ':mine': purchaseId },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  },

  async create(purchase, opts = {}) {
    const codes = await transact([
      {
        Put: {
          TableName: tableName(),
          Item: toPurchaseItem(purchase),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...purchaseKeys.session(purchase.session_id), entity: 'CheckoutSession', purchase_id: purchase.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      // The slot still names this purchase: a checkout whose slot was taken over writes nothing.
      ...(opts.holdsSlot
        ? [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: purchaseKeys.checkoutSlot(purchase.user_id, purchase.app_id),
                ConditionExpression: 'purchase_id = :mine',
                ExpressionAttributeValues: { ':mine': purchase.id },
              },
            },
          ]
        : []),
    ]);
    if (opts.holdsSlot && failed(codes, 2)) return 'slot_lost';
    if (codes) throw new Error(`purchase ${purchase.id} or its session already exists`);
    return undefined;
  },

  async getById(id) {
    const item = await getItem(purchaseKeys.purchase(id));
    return item ? fromPurchaseItem(item) : undefined;
  },

  async getBySession(sessionId) {
    const pointer = await getItem(purchaseKeys.session(sessionId));
    const id = str(pointer?.purchase_id);
    return id ? dynamoPurchasesRepository.getById(id) : undefined;
  },

  async idByStripeRef(ref) {
    return str((await getItem(purchaseKeys.stripeRef(ref)))?.purchase_id) ?? undefined;
  },

  async listByBuyer(userId, opts = {}) {
    return listPurchases('GSI1', purchaseKeys.buyerPartition(userId), {
      includePending: opts.includePending,
      sortPrefix: 'PURCHASE#',
    });
  },

  async listByApp(appId) {
    return listPurchases('GSI2', appSalesPartition(appId));
  },

  async complete(purchaseId, eventId, change) {
    const refs = [change.payment_intent_id, change.stripe_subscription_id].filter((r): r is string => !!r);
    return withEventMarker(
      eventId,
      {
        Update: {
          TableName: tableName(),
          Key: purchaseKeys.purchase(purchaseId),
          ConditionExpression: '#status = :pendingStatus',
          UpdateExpression:
            'SET #status = :completed, completed_at = :completed_at, expires_at = :expires_at, ' +
            'payment_intent_id = :pi, stripe_subscription_id = :sub, stripe_invoice_id = :inv, ' +
            'license_status = :manual, fulfilment = :pending, fulfilment_lease_until = :lease',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pendingStatus': 'pending',
            ':completed': 'completed',
            ':completed_at': change.completed_at,
            ':expires_at': change.expires_at,
            ':pi': change.payment_intent_id,
            ':sub': change.stripe_subscription_id,
            ':inv': change.stripe_invoice_id,
            ':manual': 'manual_pending',
            ':pending': 'pending',
            ':lease': change.fulfilment_lease_until,
          },
        },
      },
      refs.map((ref) => ({
        Put: {
          TableName: tableName(),
          Item: { ...purchaseKeys.stripeRef(ref), entity: 'StripeRef', purchase_id: purchaseId },
        },
      })),
    );
  },

  async flagPayment(purchaseId, eventId, change) {
    return withEventMarker(eventId, {
      Update: {
        TableName: tableName(),
        Key: purchaseKeys.purchase(purchaseId),
        ConditionExpression: '#status = :pendingStatus',
        UpdateExpression: 'SET #status = :flagged, flag = :flag, flagged_at = :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pendingStatus': 'pending',
          ':flagged': 'payment_mismatch',
          ':flag': change.flag,
          ':at': change.flagged_at,
        },
      },
    });
  },

  async leaseFulfilment(purchaseId, nowMs, untilMs) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: purchaseKeys.purchase(purchaseId),
          ConditionExpression:
            '#status = :completed AND fulfilment = :pending AND (attribute_not_exists(fulfilment_lease_until) OR fulfilment_lease_until < :now)',
          UpdateExpression: 'SET fulfilment_lease_until = :until',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'completed',
            ':pending': 'pending',
            ':now': nowMs,
            ':until': untilMs,
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async markRefunded(purchaseId, change) {
    const values: Record<string, unknown> = {
      ':completed': 'completed',
      ':refunded': 'refunded',
      ':revoked': 'revoked',
      ':at': change.refunded_at,
    };
    if (change.createdAfter) values[':cutoff'] = change.createdAfter;
    if (change.flag) values[':flag'] = change.flag;
    return withEventMarker(change.eventId, {
      Update: {
        TableName: tableName(),
        Key: purchaseKeys.purchase(purchaseId),
        ConditionExpression: `#status = :completed${change.createdAfter ? ' AND created_at >= :cutoff' : ''}`,
        UpdateExpression: `SET #status = :refunded, license_status = :revoked, refunded_at = :at${change.flag ? ', flag = :flag' : ''}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      },
    });
  },

  async setExpiry(purchaseId, expiresAt, eventId) {
    return withEventMarker(eventId, {
      Update: {
        TableName: tableName(),
        Key: purchaseKeys.purchase(purchaseId),
        ConditionExpression: '#status = :completed',
        UpdateExpression: 'SET expires_at = :exp',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':completed': 'completed', ':exp': expiresAt },
      },
    });
  },

  async payoutAccount(developerId) {
    const res = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: purchaseKeys.user(developerId),
        ...projection(['stripe_account_id']),
      }),
    );
    return str(res.Item?.stripe_account_id);
  },
};

// Licence store ---------------------------------------------------------------------------------

function purchaseLicenceUpdate(
  purchaseId: string,
  key: string,
  expiresAt: string | null | undefined,
): TransactItems[number] {
  const now = new Date().toISOString();
  return {
    Update: {
      TableName: tableName(),
      Key: purchaseKeys.purchase(purchaseId),
      ConditionExpression: AWAITING_LICENCE,
      UpdateExpression: `SET license_key = :key, license_status = :assigned, fulfilment = :done, fulfilled_at = :now${
        expiresAt !== undefined ? ', expires_at = :exp' : ''
      }`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ...AWAITING_VALUES,
        ':key': key,
        ':assigned': 'assigned',
        ':done': 'done',
        ':now': now,
        ...(expiresAt !== undefined ? { ':exp': expiresAt } : {}),
      },
    },
  };
}

function lookupPut(appId: string, key: string, purchaseId: string): TransactItems[number] {
  return {
    Put: {
      TableName: tableName(),
      Item: licenceKeyLookupItem(appId, key, purchaseId),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export const dynamoLicenceStore: LicenceStore = {
  async availablePoolKeys(appId, limit, opts = {}) {
    if (!opts.consistent) {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': purchaseKeys.poolAvailablePartition(appId) },
          Limit: limit,
          ...projection(['key']),
        }),
      );
      return (res.Items ?? []).map((i) => str(i.key)).filter((k): k is string => k !== null);
    }
    // The table itself, strongly consistent: also finds keys stored without the GSI3 attributes.
    const keys: string[] = [];
    let start: Record<string, unknown> | undefined;
    const { ProjectionExpression, ExpressionAttributeNames } = projection(['key']);
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
          FilterExpression: '#status = :available',
          ProjectionExpression,
          ExpressionAttributeNames: { ...ExpressionAttributeNames, '#status': 'status' },
          ExpressionAttributeValues: { ':pk': `APP#${appId}`, ':sk': 'POOLKEY#', ':available': 'available' },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of res.Items ?? []) {
        const k = str(item.key);
        if (k) keys.push(k);
      }
      start = res.LastEvaluatedKey;
    } while (start && keys.length < limit);
    return keys.slice(0, limit);
  },

  async claimPoolKey({ appId, key, purchaseId, assignedAt }): Promise<ClaimOutcome> {
    const codes = await transact(
      [
        {
          Update: {
            TableName: tableName(),
            Key: purchaseKeys.poolKey(appId, key),
            ConditionExpression: '#status = :available',
            UpdateExpression: 'SET #status = :assigned, purchase_id = :pid, assigned_at = :at REMOVE GSI3PK, GSI3SK',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':available': 'available',
              ':assigned': 'assigned',
              ':pid': purchaseId,
              ':at': assignedAt,
            },
          },
        },
        purchaseLicenceUpdate(purchaseId, key, undefined),
        lookupPut(appId, key, purchaseId),
      ],
      1,
    );
    if (!codes) return 'claimed';
    if (failed(codes, 1)) return 'purchase_done';
    if (failed(codes, 0) || failed(codes, 2)) return 'key_taken';
    return 'conflict';
  },

  async assignKey({ appId, purchaseId, key, expiresAt }) {
    const update = purchaseLicenceUpdate(purchaseId, key, expiresAt);
    const codes = await transact([update, lookupPut(appId, key, purchaseId)]);
    if (!codes) return 'assigned';
    if (failed(codes, 0)) return 'purchase_done';
    if (!failed(codes, 1)) throw new Error(`licence assignment kept conflicting: ${codes.join(', ')}`);
    // The key already has its lookup item: the purchase gets the key, the lookup stays as it is.
    const again = await transact([update]);
    if (!again) return 'assigned_shared';
    if (failed(again, 0)) return 'purchase_done';
    throw new Error(`licence assignment kept conflicting: ${again.join(', ')}`);
  },

  async setUndelivered(purchaseId, status: Extract<LicenseStatus, 'manual_pending' | 'out_of_stock'>) {
    const at = new Date().toISOString();
    // Manual licences also join the MANUALPENDING partition of GSI3 (reminders, the admin's overdue count).
    const manual = status === 'manual_pending';
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: purchaseKeys.purchase(purchaseId),
          ConditionExpression: '#status = :completed AND fulfilment = :pending',
          UpdateExpression: `SET license_status = :ls, fulfilment = :done, fulfilled_at = :now${
            manual ? ', GSI3PK = :mpk, GSI3SK = :msk' : ''
          }`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'completed',
            ':pending': 'pending',
            ':ls': status,
            ':done': 'done',
            ':now': at,
            ...(manual ? { ':mpk': MANUAL_PENDING_PARTITION, ':msk': `${at}#${purchaseId}` } : {}),
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async outOfStockPurchaseIds(appId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression: '#status = :completed AND license_status = :oos',
      ProjectionExpression: 'id',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': appSalesPartition(appId), ':completed': 'completed', ':oos': 'out_of_stock' },
      ScanIndexForward: true,
    });
    return items.map((i) => str(i.id)).filter((id): id is string => id !== null);
  },

  async licenceWebhookSecret(appId, candidate) {
    try {
      const res = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: purchaseKeys.app(appId),
          ConditionExpression: 'attribute_exists(PK)',
          UpdateExpression: 'SET license_webhook_secret = if_not_exists(license_webhook_secret, :s)',
          ExpressionAttributeValues: { ':s': candidate },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return str(res.Attributes?.license_webhook_secret) ?? undefined;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },
};

const toPendingManual = (item: Record<string, unknown>): PendingManualLicence => ({
  purchase: fromPurchaseItem(item),
  pending_since: str(item.fulfilled_at) ?? str(item.completed_at) ?? str(item.created_at) ?? '',
  reminded_at: str(item.manual_reminded_at),
});

/** Written once every app's legacy pending manual licences joined the MANUALPENDING index. */
export const LEGACY_PENDING_MARKER = { PK: 'MIGRATION#manual-pending-index', SK: 'MIGRATION' } as const;

/** Manual licences (core/licences/manual-licences.ts): the purchase items while manual_pending. */
export const dynamoManualLicences: ManualLicenceStore = {
  async pendingByApp(appId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression: '#status = :completed AND license_status = :mp',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': appSalesPartition(appId),
        ':completed': 'completed',
        ':mp': 'manual_pending',
      },
      ScanIndexForward: true,
    });
    return items.map(toPendingManual);
  },

  async allPending() {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      FilterExpression: '#status = :completed AND license_status = :mp',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': MANUAL_PENDING_PARTITION,
        ':completed': 'completed',
        ':mp': 'manual_pending',
      },
      ScanIndexForward: true,
    });
    return items.map(toPendingManual);
  },

  async get(purchaseId) {
    const item = await getItem(purchaseKeys.purchase(purchaseId));
    return item ? toPendingManual(item) : undefined;
  },

  async complete({ purchaseId, appId, licenseKey, at }) {
    const update = (): TransactItems[number] => ({
      Update: {
        TableName: tableName(),
        Key: purchaseKeys.purchase(purchaseId),
        ConditionExpression: '#status = :completed AND license_status = :mp',
        UpdateExpression: `SET license_status = :ls, manual_completed_at = :at${
          licenseKey ? ', license_key = :key' : ''
        } REMOVE GSI3PK, GSI3SK`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':mp': 'manual_pending',
          ':ls': licenseKey ? 'assigned' : 'active',
          ':at': at,
          ...(licenseKey ? { ':key': licenseKey } : {}),
        },
      },
    });
    const codes = await transact(licenseKey ? [update(), lookupPut(appId, licenseKey, purchaseId)] : [update()]);
    if (!codes) return 'completed';
    if (failed(codes, 0)) return 'not_pending';
    if (!licenseKey || !failed(codes, 1)) throw new Error(`manual licence kept conflicting: ${codes.join(', ')}`);
    // The key already has its lookup item (a key issued before): the purchase still gets it.
    const again = await transact([update()]);
    if (!again) return 'completed';
    if (failed(again, 0)) return 'not_pending';
    throw new Error(`manual licence kept conflicting: ${again.join(', ')}`);
  },

  async legacyPendingIndexed() {
    return (await getItem(LEGACY_PENDING_MARKER)) !== undefined;
  },

  async indexLegacyPending(appId) {
    // Delivered (fulfilment done, or from before fulfilment was tracked) and never indexed.
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression:
        '#status = :completed AND license_status = :mp AND attribute_not_exists(GSI3PK) AND ' +
        '(attribute_not_exists(fulfilment) OR fulfilment <> :pending)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': appSalesPartition(appId),
        ':completed': 'completed',
        ':mp': 'manual_pending',
        ':pending': 'pending',
      },
    });
    let indexed = 0;
    for (const item of items) {
      const { purchase, pending_since } = toPendingManual(item);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: purchaseKeys.purchase(purchase.id),
            ConditionExpression: 'license_status = :mp AND attribute_not_exists(GSI3PK)',
            UpdateExpression: 'SET GSI3PK = :mpk, GSI3SK = :msk',
            ExpressionAttributeValues: {
              ':mp': 'manual_pending',
              ':mpk': MANUAL_PENDING_PARTITION,
              ':msk': `${pending_since}#${purchase.id}`,
            },
          }),
        );
        indexed++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    return indexed;
  },

  async markLegacyPendingIndexed(at) {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...LEGACY_PENDING_MARKER, entity: 'Migration', done_at: at } }),
    );
  },

  async markReminded(purchaseId, at) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: purchaseKeys.purchase(purchaseId),
          ConditionExpression: 'license_status = :mp AND attribute_not_exists(manual_reminded_at)',
          UpdateExpression: 'SET manual_reminded_at = :at',
          ExpressionAttributeValues: { ':mp': 'manual_pending', ':at': at },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
