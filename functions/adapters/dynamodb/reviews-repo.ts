/**
 * Verified reviews in the single table. Implements ReviewStore (functions/core/reviews/ports.ts).
 *
 * | item                      | PK        | SK                 | GSI1 (visible only)                           |
 * |---------------------------|-----------|--------------------|-----------------------------------------------|
 * | review                    | APP#<app> | REVIEW#<reviewId>  | APPREVIEWS#<app> / <created_at>#<reviewId>    |
 * | one review per buyer      | APP#<app> | REVIEWER#<userId>  |                                               |
 * | star counters (app item)  | APP#<app> | APP                | stars_1 .. stars_5 (see apps-repo.ts)         |
 *
 * | Access pattern                         | Index | Key condition                                   | Function      |
 * |----------------------------------------|-------|-------------------------------------------------|---------------|
 * | the caller's review of an app          | table | REVIEWER#<userId> -> REVIEW#<id>                | mine          |
 * | review by id                           | table | PK=APP#<app>, SK=REVIEW#<id>                    | get           |
 * | visible reviews, newest first (paged)  | GSI1  | GSI1PK=APPREVIEWS#<app>, descending             | listVisible   |
 * | star counters                          | table | PK=APP#<app>, SK=APP (projected stars_*)        | counts        |
 * | licence held (held now, by id)         | table | PK=BUYERAPP#<userId>#<appId> begins PURCHASE# (newest 25); then each PURCHASE#<id> read consistently | holdsLicence |
 *
 * Every write is one transaction: the review (conditioned on the version the caller read, or on
 * not existing), the per-buyer item (attribute_not_exists on create: one review per buyer and
 * app), and ADD on the app's star counters when the review's counted star changes. So the
 * average is always that of the visible reviews, without ever scanning them.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REVIEW_MESSAGES } from '@shared/schemas/reviews';
import { emptyRatingCounts, RATING_STARS, type RatingCounts } from '../../core/apps/app';
import { ConflictError } from '../../core/errors';
import { isLicenceHeld, type PurchaseRecord } from '../../core/purchases/purchase';
import type { ReviewStore } from '../../core/reviews/ports';
import { countsInAverage, type ReviewRecord, type ReviewStatus } from '../../core/reviews/review';
import { documentClient, tableName } from '../aws-clients';
import { touchCatalogue } from './catalogue-version';
import {
  type ItemMapper,
  inPartition,
  keyCursor,
  onIndex,
  queryUpTo,
  type TransactItems,
  transactOrCancellationCodes,
  tx,
} from './dynamo';
import { appKey, appPartition, appReviewsPk, purchaseKeys, reviewerKey, reviewKey, timeSort } from './keys';

const STATUSES: readonly ReviewStatus[] = ['visible', 'hidden', 'unverified'];

function toItem(r: ReviewRecord): Record<string, unknown> {
  return {
    ...reviewKey(r.app_id, r.id),
    entity: 'Review',
    id: r.id,
    app_id: r.app_id,
    user_id: r.user_id,
    author_name: r.author_name,
    author_is_practice: r.author_is_practice,
    rating: r.rating,
    title: r.title,
    text: r.text,
    status: r.status,
    hidden_reason: r.hidden_reason,
    hidden_at: r.hidden_at,
    reply: r.reply,
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
    ...(countsInAverage(r) ? { GSI1PK: appReviewsPk(r.app_id), GSI1SK: timeSort(r.created_at, r.id) } : {}),
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function fromItem(item: Record<string, unknown>): ReviewRecord {
  const reply = item.reply as { text?: unknown; created_at?: unknown } | null | undefined;
  return {
    id: String(item.id),
    app_id: String(item.app_id),
    user_id: String(item.user_id),
    author_name: str(item.author_name) ?? 'Verified customer',
    author_is_practice: item.author_is_practice === true,
    rating: Number(item.rating),
    title: str(item.title),
    text: str(item.text),
    status: STATUSES.includes(item.status as ReviewStatus) ? (item.status as ReviewStatus) : 'visible',
    hidden_reason: str(item.hidden_reason),
    hidden_at: str(item.hidden_at),
    reply:
      reply && typeof reply.text === 'string' ? { text: reply.text, created_at: String(reply.created_at ?? '') } : null,
    created_at: String(item.created_at ?? ''),
    updated_at: String(item.updated_at ?? ''),
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

/** The ReviewRecord entity's item, both ways. */
export const reviewItem: ItemMapper<ReviewRecord> = { toItem, fromItem };

/** The counter moves that take `prev` out of the average and put `next` in (nets cancelled). */
function starDeltas(prev: ReviewRecord | null, next: ReviewRecord | null): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (r: ReviewRecord | null, d: number) => {
    if (!countsInAverage(r)) return;
    const attr = `stars_${(r as ReviewRecord).rating}`;
    deltas.set(attr, (deltas.get(attr) ?? 0) + d);
  };
  add(prev, -1);
  add(next, 1);
  for (const [k, v] of deltas) if (v === 0) deltas.delete(k);
  return deltas;
}

const db = () => documentClient();

/** Runs the transaction; a failed condition (or one that kept conflicting) answers 409 with `conflict`. */
async function send(items: TransactItems, conflict: string): Promise<void> {
  if (await transactOrCancellationCodes(items)) throw new ConflictError(conflict);
}

export const dynamoReviewStore: ReviewStore = {
  async mine(appId, userId) {
    const pointer = await db().send(
      new GetCommand({ TableName: tableName(), Key: reviewerKey(appId, userId), ConsistentRead: true }),
    );
    const id = str(pointer.Item?.review_id);
    return id ? dynamoReviewStore.get(appId, id) : undefined;
  },

  async get(appId, reviewId) {
    const res = await db().send(
      new GetCommand({ TableName: tableName(), Key: reviewKey(appId, reviewId), ConsistentRead: true }),
    );
    return res.Item ? reviewItem.fromItem(res.Item) : undefined;
  },

  async write(prev, next) {
    const review = (next ?? prev) as ReviewRecord;
    const items: TransactItems = [];
    if (next) {
      items.push(
        tx.put(reviewItem.toItem(next), {
          ...(prev
            ? {
                ConditionExpression: '#v = :v',
                ExpressionAttributeNames: { '#v': 'version' },
                ExpressionAttributeValues: { ':v': prev.version },
              }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        }),
      );
    } else if (prev) {
      items.push(
        tx.delete(reviewKey(prev.app_id, prev.id), {
          ConditionExpression: '#v = :v',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':v': prev.version },
        }),
      );
    }
    if (!prev && next) {
      items.push(tx.putNew({ ...reviewerKey(next.app_id, next.user_id), entity: 'Reviewer', review_id: next.id }));
    } else if (prev && !next) {
      items.push(tx.delete(reviewerKey(prev.app_id, prev.user_id)));
    }
    const deltas = starDeltas(prev, next);
    if (deltas.size > 0) {
      const names: Record<string, string> = {};
      const values: Record<string, number> = {};
      const parts = [...deltas].map(([attr, d], i) => {
        names[`#s${i}`] = attr;
        values[`:d${i}`] = d;
        return `#s${i} :d${i}`;
      });
      items.push(
        tx.update(appKey(review.app_id), {
          UpdateExpression: `ADD ${parts.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    }
    await send(
      items,
      prev ? 'The review was changed meanwhile: reload the page and try again' : REVIEW_MESSAGES.alreadyReviewed,
    );
    // The average and count are on the marketplace's cards: let its caches know.
    if (deltas.size > 0) await touchCatalogue();
  },

  async listVisible(appId, limit, cursor) {
    const res = await db().send(
      new QueryCommand(
        onIndex('GSI1', appReviewsPk(appId), {
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: decodeCursor(cursor, appId),
        }),
      ),
    );
    const items = (res.Items ?? []).map(reviewItem.fromItem);
    return { items, next_cursor: res.LastEvaluatedKey ? keyCursor.encode(res.LastEvaluatedKey) : null };
  },

  async counts(appId) {
    const res = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: appKey(appId),
        ProjectionExpression: RATING_STARS.map((s) => `stars_${s}`).join(', '),
      }),
    );
    const counts: RatingCounts = emptyRatingCounts();
    for (const s of RATING_STARS) {
      const v = res.Item?.[`stars_${s}`];
      counts[s] = typeof v === 'number' && v > 0 ? v : 0;
    }
    return counts;
  },

  async holdsLicence(buyerIds, appId) {
    for (const id of buyerIds) if (await holdsLicence(id, appId)) return true;
    return false;
  },
};

/**
 * How many of a buyer's newest purchases of one app a licence check reads. A held licence is the
 * newest purchase of the app that went through: a checkout is refused while a licence is held
 * (checkout-service.ts claimSlot and the held check), so later purchases are only ever unpaid
 * checkouts, each holding the slot for CHECKOUT_HOLD_MS; 25 covers far more abandoned checkouts in
 * a row than a buyer makes.
 */
const HELD_CANDIDATES = 25;

/**
 * Whether the buyer holds a licence of the app right now (completed, not revoked, not expired:
 * isLicenceHeld), leaving out the purchase `except` (one being refunded). The buyer's index names
 * the candidates (ids only, the buyer+app partition: a bounded read); each is then read by its id, consistently, so a status the index has
 * not caught up with yet (a refund a moment ago) is never taken for the truth.
 */
/** The ids of the buyer's newest HELD_CANDIDATES purchases of the app (their buyer+app pointers). */
async function heldCandidates(userId: string, appId: string): Promise<{ id?: string }[]> {
  // purchases-repo.ts create writes a pointer in each purchase's own transaction; the
  // buyer-app-purchases migration wrote them for older purchases.
  const pointers = await queryUpTo(
    inPartition(purchaseKeys.buyerAppPartition(userId, appId), purchaseKeys.buyerSortPrefix, {
      ProjectionExpression: 'purchase_id',
    }),
    HELD_CANDIDATES,
  );
  return pointers.map((c) => ({ id: typeof c.purchase_id === 'string' ? c.purchase_id : undefined }));
}

export async function holdsLicence(userId: string, appId: string, except?: string): Promise<boolean> {
  const candidates = await heldCandidates(userId, appId);
  const now = new Date();
  for (const { id } of candidates) {
    if (!id || id === except) continue;
    // Only what isLicenceHeld reads (a projected read: the marketplace may not read a purchase in full).
    const res = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: purchaseKeys.purchase(id),
        ConsistentRead: true,
        ProjectionExpression: 'PK, #status, license_status, expires_at',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    const item = res.Item;
    if (
      item &&
      isLicenceHeld(
        {
          status: item.status as PurchaseRecord['status'],
          license_status: (item.license_status ?? null) as PurchaseRecord['license_status'],
          expires_at: typeof item.expires_at === 'string' ? item.expires_at : null,
        },
        now,
      )
    )
      return true;
  }
  return false;
}

/**
 * What a refund of `refundedPurchaseId` does to the buyer's review of the app, for the refund's own
 * transaction (purchases-repo.ts): the review becomes unverified (out of the list and the average)
 * unless the buyer still holds another licence of the app, and the star counters move with it. The
 * review is read consistently and written on condition that it is still the version read. Nothing
 * (undefined) when there is no visible review or another licence is held.
 */
export async function reviewOutWithRefund(
  appId: string,
  userId: string,
  refundedPurchaseId: string,
): Promise<{ write: TransactItems[number]; stars: Map<string, number> } | undefined> {
  const review = await dynamoReviewStore.mine(appId, userId);
  if (review?.status !== 'visible') return undefined;
  if (await holdsLicence(userId, appId, refundedPurchaseId)) return undefined;
  const next: ReviewRecord = { ...review, status: 'unverified', version: review.version + 1 };
  return {
    write: tx.put(reviewItem.toItem(next), {
      ConditionExpression: '#v = :v',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': review.version },
    }),
    stars: starDeltas(review, next),
  };
}

/** The cursor of a page of an app's reviews: its LastEvaluatedKey, checked to belong to this app's list. */
const decodeCursor = (cursor: string | undefined, appId: string): Record<string, string> | undefined =>
  cursor
    ? keyCursor.decode(
        cursor,
        ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
        (key) => key.GSI1PK === appReviewsPk(appId) && key.PK === appPartition(appId),
        'Invalid cursor',
      )
    : undefined;
