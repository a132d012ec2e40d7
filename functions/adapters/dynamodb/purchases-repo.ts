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
 * | purchases of a buyer, newest first          | GSI1  | GSI1PK=BUYER#<userId>, GSI1SK begins PURCHASE#           | listByBuyer (scripts)      |
 * | My Purchases: buyer ids merged, paged       | GSI1  | one cursor page per GSI1PK=BUYER#<id> (status <> pending) | pageByBuyers              |
 * | sales of an app, newest first, paged        | GSI2  | GSI2PK=APPSALES#<appId> (status <> pending)              | pageByApp                  |
 * | new purchase + session pointer (tx)         | table | both attribute_not_exists(PK)                            | create                     |
 * | buyer+app pointer to each purchase (tx)     | table | PK=BUYERAPP#<userId>#<appId>, SK=PURCHASE#<created_at>#<id> (create) | holdsApp (reviews-repo holdsLicence) |
 * | one open/valid purchase per buyer and app   | table | BUYERAPP# attribute_not_exists, or (tx) purchase_id = old + old purchase's status unchanged | claimCheckoutSlot |
 * | new purchase while its slot is held (tx)    | table | PURCHASE#/SESSION# attribute_not_exists + BUYERAPP# purchase_id = id | create (holdsSlot) |
 * | event once + pending -> completed (tx)      | table | STRIPEEVENT# attribute_not_exists + status = pending     | complete                   |
 * | claim a pool key (tx)                       | GSI3  | candidates GSI3PK=POOLAVAIL#<appId>; then pool item status = available + purchase awaiting + lookup put | availablePoolKeys, claimPoolKey |
 * | available pool keys, strongly consistent    | table | PK=APP#<appId>, SK begins POOLKEY#, status = available   | availablePoolKeys          |
 * | pending manual licences, oldest first      | GSI3  | GSI3PK=MANUALPENDING (purchase item while manual_pending) | dynamoManualLicences       |
 * | pending from before that index (once)       | GSI2  | GSI2PK=APPSALES#<appId>, no GSI3PK; marker MIGRATION#manual-pending-index | indexLegacyPending |
 * | a developer's pending manual licences, paged | GSI4 | GSI4PK=DEVMANUAL#<developerId>, GSI4SK=<since>#<id> (set with GSI3, removed on completion and refund) | pendingPageForDeveloper |
 * | licence webhook secret (lazy, on the app)   | table | PK=APP#<appId>, SK=APP, if_not_exists                    | licenceWebhookSecret       |
 * | developer's connected Stripe account        | table | PK=USER#<id>, SK=PROFILE (stripe_account_id)             | payoutAccount              |
 * | installations counter (tx, on the app item) | table | PK=APP#<appId>: ADD installations +1 with a counted purchase that becomes completed (or is counted later), -1 with its refund | create, complete, countInstallation, markRefunded |
 *
 * The installations counter moves in the same transaction as the purchase's status and its
 * `installation_counted` mark, so it counts exactly the completed, not refunded purchases of proven
 * addresses (core/purchases/purchase.ts isProvenPurchase; a deleted app is simply left out). A refund
 * also takes the buyer's review of the app out of the average in that same transaction (reviews-repo.ts
 * reviewOutWithRefund) unless they still hold another licence of it, decided by purchase id with
 * consistent reads.
 */
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_PURCHASES_CURSOR_INVALID, type PurchaseStatusValue } from '@shared/schemas/checkout';
import { MY_PURCHASES_CURSOR_INVALID } from '@shared/schemas/my-purchases';
import { decodeCursor, encodeCursor, type Page } from '../../core/paging';
import type { EventOutcome, PurchaseRepository } from '../../core/purchases/ports';
import type { PurchaseRecord } from '../../core/purchases/purchase';
import { documentClient, tableName } from '../aws-clients';
import { touchCatalogue } from './catalogue-version';
import {
  conditionally,
  deleteItem,
  failedAt as failed,
  getItem,
  keyCursor,
  num,
  onIndex,
  pointedId,
  queryAll,
  queryCursorPage,
  str,
  type TransactItems,
  transactOrCancellationCodes,
  tx,
  updateItem,
} from './dynamo';
import { ACTIVE_INSTALLS } from './installs-repo';
import { appKey, appSalesPartition, purchaseKeys } from './keys';
import { purchaseItem } from './purchase-item';
import { holdsLicence, reviewOutWithRefund } from './reviews-repo';

/** Processed-event markers outlive Stripe's retries (3 days) by far; signatures older than 5 minutes fail anyway. */
const EVENT_MARKER_TTL_SECONDS = 30 * 86_400;

const db = () => documentClient();

function eventMarker(eventId: string, nowMs: number) {
  return tx.putNew({
    ...purchaseKeys.stripeEvent(eventId),
    entity: 'StripeEvent',
    processed_at: new Date(nowMs).toISOString(),
    ttl: Math.floor(nowMs / 1000) + EVENT_MARKER_TTL_SECONDS,
  });
}

/** Runs [marker?, update]; maps the cancellation to an EventOutcome. */
async function withEventMarker(
  eventId: string | undefined | null,
  update: TransactItems[number],
  extra: TransactItems = [],
) {
  const items: TransactItems = eventId ? [eventMarker(eventId, Date.now()), update, ...extra] : [update, ...extra];
  const codes = await transactOrCancellationCodes(items);
  if (!codes) return 'applied' as EventOutcome;
  if (eventId && failed(codes, 0)) return 'duplicate_event' as EventOutcome;
  if (codes.includes('ConditionalCheckFailed')) return 'not_applicable' as EventOutcome;
  throw new Error(`purchase transaction kept conflicting: ${codes.join(', ')}`);
}

/**
 * A purchase update (in a transaction) that applies only while the purchase is in status `from`
 * and `andAlso` (a further condition, starting with " AND ") holds.
 */
function updateFrom(
  purchaseId: string,
  from: PurchaseStatusValue,
  set: string,
  values: Record<string, unknown>,
  andAlso = '',
): TransactItems[number] {
  return tx.update(purchaseKeys.purchase(purchaseId), {
    ConditionExpression: `#status = :from${andAlso}`,
    UpdateExpression: set,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':from': from, ...values },
  });
}

/**
 * +1 / -1 on the app's installations counter, only while the app exists, and with it the sales
 * counters the admin list shows (SALES_COUNTERS): completed sales and their revenue move with the
 * same delta; a new sale (+1) also counts a purchase (a refunded purchase stays a purchase).
 */
function installationsUpdate(appId: string, delta: 1 | -1, amountCents: number): TransactItems[number] {
  const cents = delta * Math.max(0, Math.round(amountCents));
  return tx.update(appKey(appId), {
    UpdateExpression: `ADD installations :delta, ${SALES_COUNTERS.total_sales} :delta, ${SALES_COUNTERS.total_revenue_cents} :cents${
      delta > 0 ? `, ${SALES_COUNTERS.purchases} :delta` : ''
    }`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta, ':cents': cents },
  });
}

/** The sales counters on the app item (kept by installationsUpdate; bin/migrate-table.ts fills them for older items). */
export const SALES_COUNTERS = {
  purchases: 'sales_purchases',
  total_sales: 'sales_completed',
  total_revenue_cents: 'sales_revenue_cents',
} as const;

async function appExists(appId: string): Promise<boolean> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: appKey(appId), ProjectionExpression: 'PK', ConsistentRead: true }),
  );
  return res.Item !== undefined;
}

/**
 * Runs a status change of the purchase `purchaseId` together with the installations counter of its
 * app. When the change does not apply and the app turns out to be gone, it is retried without the
 * counter (a purchase of a deleted app can still be refunded).
 */
async function withInstallations(
  purchaseId: string,
  delta: 1 | -1,
  run: (counter: TransactItems) => Promise<EventOutcome>,
): Promise<{ outcome: EventOutcome; appId: string | null; userId: string | null }> {
  const item = await getItem(purchaseKeys.purchase(purchaseId));
  const appId = str(item?.app_id);
  const userId = str(item?.user_id);
  if (!appId) return { outcome: await run([]), appId, userId };
  const outcome = await run([installationsUpdate(appId, delta, num(item?.amount_cents) ?? 0)]);
  if (outcome !== 'not_applicable' || (await appExists(appId))) return { outcome, appId, userId };
  return { outcome: await run([]), appId, userId };
}

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
  return items.map(purchaseItem.fromItem);
}

/**
 * The buyer+app partition's pointer to a purchase (holdsLicence reads the newest of them): written
 * in the purchase's own transaction, never changed (the status is read from the purchase).
 */
export const buyerAppPointer = (p: Pick<PurchaseRecord, 'id' | 'user_id' | 'app_id' | 'created_at'>) => ({
  ...purchaseKeys.buyerAppPurchase(p.user_id, p.app_id, p),
  entity: 'BuyerAppPurchase',
  purchase_id: p.id,
});

/** GSI1 key of a buyer's purchase item: where that buyer id's list goes on after it. */
const buyerKeyOf = (item: Record<string, unknown>) => ({
  PK: item.PK,
  SK: item.SK,
  GSI1PK: item.GSI1PK,
  GSI1SK: item.GSI1SK,
});

/**
 * One page of several buyer ids' purchases, newest first across them (My Purchases of an account
 * with claimed guest purchases). Each buyer id's partition is read as one cursor page of at most
 * `limit` items (so a page reads at most limit x buyer ids items); the merged newest `limit` are
 * the page. The cursor (the one codec, core/paging.ts) maps each buyer id to the keyCursor of the
 * last item it gave (null: that list is done; absent: not started).
 */
export async function pageByBuyers(
  buyerIds: readonly string[],
  limit: number,
  cursor?: string,
): Promise<Page<PurchaseRecord>> {
  const ids = [...new Set(buyerIds)];
  const state = cursor
    ? decodeCursor(
        cursor,
        (v) =>
          Object.entries(v).every(([k, c]) => ids.includes(k) && (c === null || typeof c === 'string')) &&
          Object.keys(v).length > 0,
        MY_PURCHASES_CURSOR_INVALID,
      )
    : {};
  const lists = await Promise.all(
    ids.map(async (id) => {
      const at = state[id];
      if (at === null) return { id, items: [] as Record<string, unknown>[], last: true };
      const partition = purchaseKeys.buyerPartition(id);
      const page = await queryCursorPage(
        onIndex('GSI1', partition, {
          sortKey: 'begins_with(GSI1SK, :sk)',
          FilterExpression: '#status <> :pendingStatus',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sk': purchaseKeys.buyerSortPrefix, ':pendingStatus': 'pending' },
        }),
        {
          limit,
          cursor: typeof at === 'string' ? at : undefined,
          index: 'GSI1',
          partition,
          invalid: MY_PURCHASES_CURSOR_INVALID,
        },
      );
      return { id, items: page.items, last: page.next_cursor === null };
    }),
  );
  const merged = lists
    .flatMap((l) => l.items.map((item) => ({ id: l.id, item, at: String(item.created_at ?? '') })))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, limit);
  const next: Record<string, string | null> = {};
  for (const l of lists) {
    const taken = merged.filter((m) => m.id === l.id);
    const lastTaken = taken.at(-1);
    if (l.last && taken.length === l.items.length) next[l.id] = null;
    else if (lastTaken) next[l.id] = keyCursor.encode(buyerKeyOf(lastTaken.item));
    else if (typeof state[l.id] === 'string') next[l.id] = state[l.id] as string;
  }
  const done = lists.every((l) => next[l.id] === null);
  return {
    items: merged.map((m) => purchaseItem.fromItem(m.item)),
    next_cursor: done ? null : encodeCursor(next),
  };
}

// Status changes that move the installations counter (see withInstallations) ----------------

async function completeWith(
  purchaseId: string,
  eventId: string | null,
  change: Parameters<PurchaseRepository['complete']>[2],
  refs: string[],
  counter: TransactItems,
): Promise<EventOutcome> {
  return withEventMarker(
    eventId,
    updateFrom(
      purchaseId,
      'pending',
      'SET #status = :completed, completed_at = :completed_at, expires_at = :expires_at, ' +
        'payment_intent_id = :pi, stripe_subscription_id = :sub, stripe_invoice_id = :inv, ' +
        'fulfilment = :pending, fulfilment_lease_until = :lease, installation_counted = :counted' +
        // An automatic licence has no status until delivered ("License being prepared").
        (change.license_status ? ', license_status = :waiting' : ' REMOVE license_status'),
      {
        ':counted': change.installation_counted,
        ':completed': 'completed',
        ':completed_at': change.completed_at,
        ':expires_at': change.expires_at,
        ':pi': change.payment_intent_id,
        ':sub': change.stripe_subscription_id,
        ':inv': change.stripe_invoice_id,
        ...(change.license_status ? { ':waiting': change.license_status } : {}),
        ':pending': 'pending',
        ':lease': change.fulfilment_lease_until,
      },
    ),
    [
      ...refs.map((ref) => tx.put({ ...purchaseKeys.stripeRef(ref), entity: 'StripeRef', purchase_id: purchaseId })),
      ...counter,
    ],
  );
}

async function flagPaymentOnce(
  purchaseId: string,
  eventId: string,
  change: { flag: string; flagged_at: string },
): Promise<EventOutcome> {
  return withEventMarker(
    eventId,
    updateFrom(purchaseId, 'pending', 'SET #status = :flagged, flag = :flag, flagged_at = :at', {
      ':flagged': 'payment_mismatch',
      ':flag': change.flag,
      ':at': change.flagged_at,
    }),
  );
}

/**
 * Takes the licence delivery lease of a completed, unfulfilled purchase: when no lease is held,
 * it has run out, or (handing over) it is still the `expected` one.
 */
async function leaseOnce(purchaseId: string, expected: number | null, nowMs: number, untilMs: number) {
  return conditionally(
    updateItem(purchaseKeys.purchase(purchaseId), {
      ConditionExpression:
        '#status = :completed AND fulfilment = :pending AND (attribute_not_exists(fulfilment_lease_until) OR fulfilment_lease_until = :expected OR fulfilment_lease_until < :now)',
      UpdateExpression: 'SET fulfilment_lease_until = :until',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':pending': 'pending',
        ':expected': expected ?? -1,
        ':now': nowMs,
        ':until': untilMs,
      },
    }),
  );
}

/**
 * The refund's update of the purchase: completed -> refunded, licence revoked (within the window,
 * when given), only while its `installation_counted` mark is still what was read (`counted`).
 */
function refundUpdate(purchaseId: string, change: Parameters<PurchaseRepository['markRefunded']>[1], counted: boolean) {
  const values: Record<string, unknown> = {
    ':refunded': 'refunded',
    ':revoked': 'revoked',
    ':at': change.refunded_at,
    ':uncounted': false,
  };
  if (change.createdAfter) values[':cutoff'] = change.createdAfter;
  if (change.flag) values[':flag'] = change.flag;
  const mark = counted
    ? ' AND (attribute_not_exists(installation_counted) OR installation_counted <> :uncounted)'
    : ' AND installation_counted = :uncounted';
  return updateFrom(
    purchaseId,
    'completed',
    // A manual licence still pending leaves its developer's list (GSI4) with the refund.
    `SET #status = :refunded, license_status = :revoked, refunded_at = :at${change.flag ? ', flag = :flag' : ''} REMOVE GSI4PK, GSI4SK`,
    values,
    `${change.createdAfter ? ' AND created_at >= :cutoff' : ''}${mark}`,
  );
}

/**
 * The app's counters a refund moves, in one update (a transaction may touch the app item once): for
 * a counted purchase one installation and one sale fewer and its amount off the revenue; when the
 * buyer's review leaves the average, its star. Nothing when neither applies.
 */
function refundCounters(
  appId: string,
  counted: boolean,
  amountCents: number,
  stars: ReadonlyMap<string, number>,
): TransactItems[number] | undefined {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts: string[] = [];
  if (counted) {
    values[':delta'] = -1;
    values[':cents'] = -Math.max(0, Math.round(amountCents));
    parts.push(
      'installations :delta',
      `${SALES_COUNTERS.total_sales} :delta`,
      `${SALES_COUNTERS.total_revenue_cents} :cents`,
    );
  }
  for (const [i, [attr, delta]] of [...stars].entries()) {
    names[`#s${i}`] = attr;
    values[`:s${i}`] = delta;
    parts.push(`#s${i} :s${i}`);
  }
  if (parts.length === 0) return undefined;
  return tx.update(appKey(appId), {
    UpdateExpression: `ADD ${parts.join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
}

/**
 * A refund in ONE transaction: [the Stripe event marker], the purchase (completed -> refunded), the
 * app's counters and, unless the buyer still holds another licence of the app (read by purchase id,
 * consistently: reviews-repo.ts), the buyer's review leaving the list and the average. Nothing is
 * left for a second step that could fail or read a lagging index. When the review or the purchase's
 * installation mark changed meanwhile the whole refund is tried again; when the app is gone it is
 * refunded without counters or review.
 */
async function refundWithReview(
  purchaseId: string,
  change: Parameters<PurchaseRepository['markRefunded']>[1],
): Promise<EventOutcome> {
  const head: TransactItems = change.eventId ? [eventMarker(change.eventId, Date.now())] : [];
  const updateAt = head.length;
  let withApp = true;
  for (let attempt = 0; attempt < 4; attempt++) {
    const item = await getItem(purchaseKeys.purchase(purchaseId));
    const appId = str(item?.app_id);
    const userId = str(item?.user_id);
    const counted = item?.installation_counted !== false;
    const review = withApp && appId && userId ? await reviewOutWithRefund(appId, userId, purchaseId) : undefined;
    const counters =
      withApp && appId
        ? refundCounters(appId, counted, num(item?.amount_cents) ?? 0, review?.stars ?? new Map())
        : undefined;
    const extra: TransactItems = counters ? [counters] : [];
    if (review) extra.push(review.write);
    const codes = await transactOrCancellationCodes([...head, refundUpdate(purchaseId, change, counted), ...extra]);
    if (!codes) return 'applied';
    if (change.eventId && failed(codes, 0)) return 'duplicate_event';
    if (failed(codes, updateAt)) {
      // Counted meanwhile (countInstallation)? Then refund what it is now; else it does not apply.
      const now = await getItem(purchaseKeys.purchase(purchaseId));
      if (now?.status === 'completed' && (now.installation_counted !== false) !== counted) continue;
      return 'not_applicable';
    }
    if (counters && failed(codes, updateAt + 1) && appId && !(await appExists(appId))) {
      withApp = false; // a purchase of a deleted app is refunded all the same
      continue;
    }
    if (review && failed(codes, updateAt + 1 + (counters ? 1 : 0))) continue; // the review changed meanwhile
    if (!codes.includes('ConditionalCheckFailed')) break;
  }
  throw new Error(`refund of purchase ${purchaseId} kept conflicting`);
}

/** Marks a completed, uncounted purchase counted with +1 on its app (or without, when the app is gone). */
async function countOnce(purchaseId: string, counter: TransactItems): Promise<EventOutcome> {
  return withEventMarker(
    null,
    updateFrom(
      purchaseId,
      'completed',
      'SET installation_counted = :counted',
      { ':counted': true, ':uncounted': false },
      ' AND installation_counted = :uncounted',
    ),
    counter,
  );
}

/**
 * A completed purchase not counted yet starts counting as an installation (its mark and its app's
 * counter in one transaction); false when it counted already or is not completed. Exported on its
 * own for the sync worker's installations count (wiring/installation-counts.ts), which carries no
 * more of this repository.
 */
export async function countInstallation(purchaseId: string): Promise<boolean> {
  const { outcome } = await withInstallations(purchaseId, 1, (counter) => countOnce(purchaseId, counter));
  if (outcome === 'applied') await touchCatalogue();
  return outcome === 'applied';
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
      return conditionally(
        db().send(new PutCommand({ TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' })),
      );
    }
    const codes = await transactOrCancellationCodes(
      [
        tx.put(Item, {
          ConditionExpression: 'purchase_id = :old',
          ExpressionAttributeValues: { ':old': replacing.purchaseId },
        }),
        tx.check(purchaseKeys.purchase(replacing.purchaseId), {
          ...(replacing.status === null
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : {
                ConditionExpression: '#status = :status',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':status': replacing.status },
              }),
        }),
      ],
      0,
    );
    return codes === undefined;
  },

  async releaseCheckoutSlot(buyerId, appId, purchaseId) {
    await conditionally(
      deleteItem(purchaseKeys.checkoutSlot(buyerId, appId), {
        ConditionExpression: 'purchase_id = :mine',
        ExpressionAttributeValues: { ':mine': purchaseId },
      }),
    );
  },

  async create(purchase, opts = {}) {
    const items: TransactItems = [
      tx.putNew(purchaseItem.toItem(purchase)),
      tx.putNew({ ...purchaseKeys.session(purchase.session_id), entity: 'CheckoutSession', purchase_id: purchase.id }),
      tx.put(buyerAppPointer(purchase)),
      // The slot still names this purchase: a checkout whose slot was taken over writes nothing.
      ...(opts.holdsSlot
        ? [
            tx.check(purchaseKeys.checkoutSlot(purchase.user_id, purchase.app_id), {
              ConditionExpression: 'purchase_id = :mine',
              ExpressionAttributeValues: { ':mine': purchase.id },
            }),
          ]
        : []),
    ];
    // A free grant is completed from the start: it counts as an installation at once when its buyer
    // is proven (the counter is the last item; a deleted app is retried without it).
    const counted = purchase.status === 'completed' && purchase.installation_counted;
    const counterAt = items.length;
    let codes = await transactOrCancellationCodes(
      counted ? [...items, installationsUpdate(purchase.app_id, 1, purchase.amount_cents)] : items,
    );
    if (counted && failed(codes, counterAt) && !codes?.slice(0, counterAt).includes('ConditionalCheckFailed')) {
      codes = await transactOrCancellationCodes(items);
    }
    if (opts.holdsSlot && failed(codes, 3)) return 'slot_lost';
    if (codes) throw new Error(`purchase ${purchase.id} or its session already exists`);
    if (counted) await touchCatalogue();
    return undefined;
  },

  async getById(id) {
    const item = await getItem(purchaseKeys.purchase(id));
    return item ? purchaseItem.fromItem(item) : undefined;
  },

  async getBySession(sessionId) {
    const id = await pointedId(purchaseKeys.session(sessionId), 'purchase_id');
    return id ? dynamoPurchasesRepository.getById(id) : undefined;
  },

  async idByStripeRef(ref) {
    return str((await getItem(purchaseKeys.stripeRef(ref)))?.purchase_id) ?? undefined;
  },

  holdsApp: (buyerId, appId) => holdsLicence(buyerId, appId),

  async listByBuyer(userId, opts = {}) {
    return listPurchases('GSI1', purchaseKeys.buyerPartition(userId), {
      includePending: opts.includePending,
      sortPrefix: purchaseKeys.buyerSortPrefix,
    });
  },

  async pageByBuyers(buyerIds, limit, cursor) {
    return pageByBuyers(buyerIds, limit, cursor);
  },

  async pageByApp(appId, limit, cursor) {
    const page = await queryCursorPage(
      onIndex('GSI2', appSalesPartition(appId), {
        FilterExpression: '#status <> :pendingStatus',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pendingStatus': 'pending' },
      }),
      { limit, cursor, index: 'GSI2', partition: appSalesPartition(appId), invalid: ADMIN_PURCHASES_CURSOR_INVALID },
    );
    return { items: page.items.map(purchaseItem.fromItem), next_cursor: page.next_cursor };
  },

  async complete(purchaseId, eventId, change) {
    const refs = [change.payment_intent_id, change.stripe_subscription_id].filter((r): r is string => !!r);
    const { outcome } = change.installation_counted
      ? await withInstallations(purchaseId, 1, (counter) => completeWith(purchaseId, eventId, change, refs, counter))
      : { outcome: await completeWith(purchaseId, eventId, change, refs, []) };
    if (outcome === 'applied') await touchCatalogue();
    return outcome;
  },

  async flagPayment(purchaseId, eventId, change) {
    return flagPaymentOnce(purchaseId, eventId, change);
  },

  async leaseFulfilment(purchaseId, nowMs, untilMs) {
    return leaseOnce(purchaseId, null, nowMs, untilMs);
  },

  async takeFulfilment(purchaseId, expectedLeaseUntil, nowMs, untilMs) {
    return leaseOnce(purchaseId, expectedLeaseUntil, nowMs, untilMs);
  },

  async releaseFulfilment(purchaseId, leaseUntil) {
    await conditionally(
      updateItem(purchaseKeys.purchase(purchaseId), {
        ConditionExpression: 'fulfilment = :pending AND fulfilment_lease_until = :lease',
        UpdateExpression: 'SET fulfilment_lease_until = :expired',
        ExpressionAttributeValues: { ':pending': 'pending', ':lease': leaseUntil, ':expired': 0 },
      }),
    );
  },

  countInstallation,

  async markRefunded(purchaseId, change) {
    const outcome = await refundWithReview(purchaseId, change);
    if (outcome === 'applied') await touchCatalogue();
    return outcome;
  },

  async setExpiry(purchaseId, expiresAt, eventId) {
    return withEventMarker(
      eventId,
      updateFrom(purchaseId, 'completed', 'SET expires_at = :exp', { ':exp': expiresAt }),
    );
  },

  async payoutAccount(developerId) {
    const res = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: purchaseKeys.user(developerId),
        // A literal projection: the checkout function may read only these attributes of an account
        // (lib/api.ts; test/infra/table-actions.test.ts reads the list here).
        ProjectionExpression: 'stripe_account_id',
      }),
    );
    return str(res.Item?.stripe_account_id);
  },
};

/** One app's sales counters (its analytics' totals): one GetItem of the counter attributes. */
export async function salesCountersOfApp(
  appId: string,
): Promise<{ total_sales: number; total_revenue_cents: number } | undefined> {
  const item = await getItem(appKey(appId), {
    projection: [SALES_COUNTERS.total_sales, SALES_COUNTERS.total_revenue_cents],
  });
  if (!item) return undefined;
  const counter = (v: unknown) => Math.max(0, num(v) ?? 0);
  return {
    total_sales: counter(item[SALES_COUNTERS.total_sales]),
    total_revenue_cents: counter(item[SALES_COUNTERS.total_revenue_cents]),
  };
}

/**
 * The sales counters and active installs of these apps (the admin list's Sales and Installs columns): one BatchGetItem per 100 apps,
 * only the counter attributes, never a purchases query per app.
 */
export async function salesCountersOf(
  appIds: readonly string[],
): Promise<Map<string, { purchases: number; total_sales: number; total_revenue_cents: number; installs: number }>> {
  const out = new Map<
    string,
    { purchases: number; total_sales: number; total_revenue_cents: number; installs: number }
  >();
  const ids = [...new Set(appIds)];
  const counter = (v: unknown) => Math.max(0, num(v) ?? 0);
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Array<Record<string, unknown>> = ids.slice(i, i + 100).map((id) => appKey(id));
    for (let attempt = 0; keys.length > 0; attempt++) {
      const res = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: keys,
              ProjectionExpression: 'id, #p, #s, #r, #i',
              ExpressionAttributeNames: {
                '#i': ACTIVE_INSTALLS,
                '#p': SALES_COUNTERS.purchases,
                '#s': SALES_COUNTERS.total_sales,
                '#r': SALES_COUNTERS.total_revenue_cents,
              },
            },
          },
        }),
      );
      for (const item of res.Responses?.[tableName()] ?? []) {
        out.set(String(item.id), {
          purchases: counter(item[SALES_COUNTERS.purchases]),
          total_sales: counter(item[SALES_COUNTERS.total_sales]),
          total_revenue_cents: counter(item[SALES_COUNTERS.total_revenue_cents]),
          installs: counter(item[ACTIVE_INSTALLS]),
        });
      }
      keys = res.UnprocessedKeys?.[tableName()]?.Keys ?? [];
      if (keys.length && attempt > 8) throw new Error('DynamoDB kept keys unprocessed');
      if (keys.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return out;
}
