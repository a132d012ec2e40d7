/**
 * The DynamoDB plumbing every repository in this folder shares: item reads, paging to the end,
 * projections, transactions with their cancellation reasons, and condition failures. Keys come
 * from keys.ts; item shapes from each entity's mapper.
 */
import {
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, type Page } from '../../core/paging';
import { documentClient, tableName } from '../aws-clients';
import { type AuditScopeState, carryingEntry, pendingAuditEntry } from './audit-scope';
import type { IndexName } from './table-definition';

/**
 * How one entity is stored: toItem writes every attribute of its item (keys, index attributes,
 * the entity's fields, its TTL), fromItem reads the record back naming every field, so no stored
 * field (a hash, a secret) reaches an answer by accident and none is forgotten on either side.
 * `Extra` is what the item needs beside the record (a TTL, a password hash). Each entity's mapper
 * sits in its repository (or its own file when several repositories read the entity).
 */
export interface ItemMapper<Entity, Extra extends unknown[] = []> {
  toItem(entity: Entity, ...extra: Extra): Record<string, unknown>;
  fromItem(item: Record<string, unknown>): Entity;
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];
type Key = { PK: string; SK: string };
type PutRest = Omit<PutCommandInput, 'TableName' | 'Item'>;
type UpdateRest = Omit<UpdateCommandInput, 'TableName' | 'Key'>;
type DeleteRest = Omit<DeleteCommandInput, 'TableName' | 'Key'>;

/**
 * Writes one item into the table; `rest` carries its condition and placeholders. In an audited
 * request whose entry is still pending (audit-scope.ts) the write is lifted into a transaction with
 * the entry; a failed condition still throws ConditionalCheckFailedException.
 */
export async function putItem(item: Record<string, unknown>, rest: PutRest = {}) {
  return liftedUnlessOld(
    rest,
    () => documentClient().send(new PutCommand({ TableName: tableName(), Item: item, ...rest })),
    (txRest) => ({ Put: { TableName: tableName(), Item: item, ...txRest } }),
  );
}

/**
 * Updates one item of the table by its key. Lifted with a pending audit entry like putItem; a
 * ReturnValues of the new values is answered by a consistent read after the commit (the whole item:
 * UPDATED_NEW callers read their fields from it). The old values cannot come from a transaction:
 * such updates (ALL_OLD, UPDATED_OLD) are not lifted and are never an audited change (audit-scope.ts).
 */
export async function updateItem(key: Key, rest: UpdateRest) {
  const pending = pendingAuditEntry();
  const { ReturnValues, ...txRest } = rest;
  const returnsNew = ReturnValues === 'ALL_NEW' || ReturnValues === 'UPDATED_NEW';
  if (!pending || (ReturnValues && ReturnValues !== 'NONE' && !returnsNew)) {
    return documentClient().send(new UpdateCommand({ TableName: tableName(), Key: key, ...rest }));
  }
  await carrying(pending, { Update: { TableName: tableName(), Key: key, ...txRest } as TransactItem['Update'] });
  return { $metadata: {}, ...(returnsNew ? { Attributes: await getItem(key) } : {}) };
}

/** Deletes one item of the table by its key (lifted with a pending audit entry like putItem unless it returns the old item). */
export async function deleteItem(key: Key, rest: DeleteRest = {}) {
  return liftedUnlessOld(
    rest,
    () => documentClient().send(new DeleteCommand({ TableName: tableName(), Key: key, ...rest })),
    (txRest) => ({ Delete: { TableName: tableName(), Key: key, ...txRest } }),
  );
}

/**
 * putItem's and deleteItem's rule: the write `send`s on its own, unless an audited request's entry
 * is pending and the write asks for no old item back (a transaction cannot answer with it); then
 * the write, as `op` makes it of `rest` without ReturnValues, commits in one transaction with the entry.
 */
async function liftedUnlessOld<Rest extends { ReturnValues?: string }, Sent>(
  rest: Rest,
  send: () => Promise<Sent>,
  op: (txRest: Omit<Rest, 'ReturnValues'>) => TransactItem,
): Promise<Sent | { $metadata: object; Attributes?: undefined }> {
  const pending = pendingAuditEntry();
  const { ReturnValues, ...txRest } = rest;
  if (!pending || (ReturnValues && ReturnValues !== 'NONE')) return send();
  await carrying(pending, op(txRest));
  return { $metadata: {} };
}

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const TRANSACTION_ITEM_LIMIT = 100;

/** `items` with the pending audit entry last (the positions of the caller's items are unchanged). */
function withEntry(items: TransactItems, pending: AuditScopeState | undefined): TransactItems {
  if (!pending) return items;
  if (items.length >= TRANSACTION_ITEM_LIMIT) {
    // Refused rather than committed without its entry (no audited change writes this many items).
    throw new Error(`an audited change of ${items.length} items leaves no room for its audit entry`);
  }
  return [...items, pending.put()];
}

/** A single write lifted into a transaction with the pending entry; a failed condition is thrown as the single write's. */
async function carrying(pending: AuditScopeState, op: TransactItem): Promise<void> {
  const cancelled = await carryingEntry(
    pending,
    () => attempt(withEntry([op], pending), 4),
    (c) => !c,
  );
  if (!cancelled) return;
  if (failedAt(cancelled.codes, 0)) {
    const reason = (cancelled.err as { CancellationReasons?: Array<{ Item?: Record<string, unknown> }> })
      .CancellationReasons?.[0];
    throw Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
      ...(reason?.Item ? { Item: reason.Item } : {}),
    });
  }
  throw cancelled.err;
}

/** The items of a transaction, with the table filled in. */
type TxPut = Omit<NonNullable<TransactItem['Put']>, 'TableName' | 'Item'>;
type TxUpdate = Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>;
type TxDelete = Omit<NonNullable<TransactItem['Delete']>, 'TableName' | 'Key'>;
type TxCheck = Omit<NonNullable<TransactItem['ConditionCheck']>, 'TableName' | 'Key'>;
export const tx = {
  put: (item: Record<string, unknown>, rest: TxPut = {}): TransactItem => ({
    Put: { TableName: tableName(), Item: item, ...rest },
  }),
  /** A Put that fails the transaction when the item exists already. */
  putNew: (item: Record<string, unknown>): TransactItem =>
    tx.put(item, { ConditionExpression: 'attribute_not_exists(PK)' }),
  update: (key: Key, rest: TxUpdate): TransactItem => ({ Update: { TableName: tableName(), Key: key, ...rest } }),
  delete: (key: Key, rest: TxDelete = {}): TransactItem => ({
    Delete: { TableName: tableName(), Key: key, ...rest },
  }),
  /** Fails the transaction unless the item's condition holds (the item is not written). */
  check: (key: Key, rest: TxCheck): TransactItem => ({ ConditionCheck: { TableName: tableName(), Key: key, ...rest } }),
  /** Deletes a reservation item (a slug's) unless another owner holds it; gone already is fine. */
  release: (key: Key, ownerAttribute: string, ownerId: string): TransactItem =>
    tx.delete(key, {
      ConditionExpression: `attribute_not_exists(PK) OR ${ownerAttribute} = :id`,
      ExpressionAttributeValues: { ':id': ownerId },
    }),
  /**
   * Adds one to an owner's counter item (attribute `n`) unless it has reached `cap.max`; a counter
   * not written yet starts from `cap.existing` (what the owner had before counters existed).
   */
  countUpTo: (key: Key, entity: string, cap: { max: number; existing: number }): TransactItem =>
    tx.update(key, {
      ConditionExpression: 'attribute_not_exists(n) OR n < :max',
      UpdateExpression: 'SET n = if_not_exists(n, :existing) + :one, entity = :entity',
      ExpressionAttributeValues: { ':max': cap.max, ':existing': cap.existing, ':one': 1, ':entity': entity },
    }),
};

/** A Query's filter: its expression and the placeholders it uses (all absent: no filter). */
export type QueryFilter = Pick<
  QueryCommandInput,
  'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

/**
 * The conditions ANDed into one FilterExpression, each in parentheses, with the names and values
 * they use (names only when some are used); no condition is no filter.
 */
export function allOf(
  conditions: readonly string[],
  names: Record<string, string>,
  values: Record<string, unknown>,
): QueryFilter {
  if (!conditions.length) return {};
  return {
    FilterExpression: conditions.map((c) => `(${c})`).join(' AND '),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

type IndexQuery = Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'KeyConditionExpression'> & {
  /** A condition on the index's sort key, ANDed to the partition's. */
  sortKey?: string;
};

/** A Query on one partition of a GSI (`GSIn PK = :pk`); `rest` adds a sort condition, filter and placeholders. */
export function onIndex(index: IndexName, pk: string, rest: IndexQuery = {}): QueryCommandInput {
  const { sortKey, ExpressionAttributeValues, ...more } = rest;
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk${sortKey ? ` AND ${sortKey}` : ''}`,
    ...more,
    ExpressionAttributeValues: { ':pk': pk, ...ExpressionAttributeValues },
  };
}

/** A Query on the items of a table partition whose sort key starts with `skPrefix`. */
export function inPartition(
  pk: string,
  skPrefix: string,
  rest: Omit<QueryCommandInput, 'TableName' | 'KeyConditionExpression'> = {},
): QueryCommandInput {
  const { ExpressionAttributeValues, ...more } = rest;
  return {
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ...more,
    ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix, ...ExpressionAttributeValues },
  };
}

/** One item by its key, read consistently; undefined when it does not exist. */
export async function getItem(
  key: { PK: string; SK: string },
  opts: { projection?: readonly string[]; consistent?: boolean } = {},
): Promise<Record<string, unknown> | undefined> {
  const res = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ConsistentRead: opts.consistent ?? true,
      ...(opts.projection ? projection(opts.projection) : {}),
    }),
  );
  return res.Item;
}

/**
 * The id a pointer item (a slug, a checkout session, a key's hash, a licence key's lookup) holds in
 * `field`; null when the pointer does not exist or holds no id.
 */
export async function pointedId(
  key: { PK: string; SK: string },
  field: string,
  opts: { consistent?: boolean } = {},
): Promise<string | null> {
  return str((await getItem(key, opts))?.[field]);
}

/** Runs a Query to its end, following LastEvaluatedKey; returns the items in index order. */
export async function queryAll<T = Record<string, unknown>>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    for (const item of res.Items ?? []) items.push(item as T);
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** One page of a Query (up to its Limit and 1 MB): for lists whose head is enough. */
export async function queryPage(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  return (await documentClient().send(new QueryCommand(input))).Items ?? [];
}

/** Runs a Query with Select COUNT to its end; returns the number of matching items. */
export async function queryCount(input: QueryCommandInput): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

/** ProjectionExpression with a placeholder per attribute (many field names are reserved words). */
export function projection(fields: readonly string[]): {
  ProjectionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
} {
  const names: Record<string, string> = {};
  const parts = fields.map((f, i) => {
    names[`#p${i}`] = f;
    return `#p${i}`;
  });
  return { ProjectionExpression: parts.join(', '), ExpressionAttributeNames: names };
}

/**
 * Queries in index order (ScanIndexForward as given; newest first by default) until `limit` items:
 * a page stops at 1 MB, so one Query may not be enough.
 */
export async function queryUpTo(input: QueryCommandInput, limit: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        ScanIndexForward: false,
        ...input,
        Limit: limit - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < limit);
  return items;
}

/**
 * The cursor of a Query page: its LastEvaluatedKey through the one cursor codec (core/paging.ts).
 * Read back, it must be exactly the index's key `fields`, all strings, and `belongs` must accept it
 * (the right partition); anything else answers 400 with `invalid`.
 */
export const keyCursor = {
  encode: (lastKey: Record<string, unknown>): string => encodeCursor(lastKey),
  decode(
    cursor: string,
    fields: readonly string[],
    belongs: (key: Record<string, unknown>) => boolean,
    invalid: string,
  ): Record<string, string> {
    const key = decodeCursor(
      cursor,
      (k) => Object.keys(k).length === fields.length && fields.every((f) => typeof k[f] === 'string') && belongs(k),
      invalid,
    );
    return key as Record<string, string>;
  },
};

/**
 * One page of a Query (newest first unless the input says otherwise) from a cursor: at most `limit`
 * items and the cursor of the next page (null on the last), the key of `index` through keyCursor;
 * a cursor of another partition answers 400 with `invalid`.
 */
export async function queryCursorPage(
  input: QueryCommandInput,
  opts: { limit: number; cursor?: string; index: IndexName; partition: string; invalid: string },
): Promise<Page<Record<string, unknown>>> {
  const fields = ['PK', 'SK', `${opts.index}PK`, `${opts.index}SK`];
  const start = opts.cursor
    ? keyCursor.decode(opts.cursor, fields, (k) => k[`${opts.index}PK`] === opts.partition, opts.invalid)
    : undefined;
  const items: Record<string, unknown>[] = [];
  let from: Record<string, unknown> | undefined = start;
  // A page stops at 1 MB: read on until `limit` items or the end.
  do {
    const res = await documentClient().send(
      new QueryCommand({
        ScanIndexForward: false,
        ...input,
        Limit: opts.limit - items.length,
        ExclusiveStartKey: from,
      }),
    );
    items.push(...(res.Items ?? []));
    from = res.LastEvaluatedKey;
  } while (from && items.length < opts.limit);
  return { items, next_cursor: from ? keyCursor.encode(from) : null };
}

/**
 * queryCursorPage on one partition of a GSI (onIndex; `rest` adds a sort condition or the order):
 * the partition read is the partition a cursor must belong to.
 */
export function queryIndexPage(
  index: IndexName,
  partition: string,
  page: { limit: number; cursor?: string; invalid: string },
  rest: IndexQuery = {},
): Promise<Page<Record<string, unknown>>> {
  return queryCursorPage(onIndex(index, partition, rest), { ...page, index, partition });
}

/**
 * One page of a filtered Query from a cursor (newest first unless the input says otherwise): at
 * most `limit` matching items, reading at most `window` items of the index to find them (a
 * FilterExpression is applied after the read, so a rare match would otherwise read the whole
 * partition). The page can hold fewer than `limit` items, even none, with a next cursor: the
 * reader goes on from there. The cursor is the key of the last item read or returned, through
 * keyCursor; a cursor of another partition answers 400 with `invalid`.
 */
export async function queryWindowPage(
  input: QueryCommandInput,
  opts: {
    limit: number;
    window: number;
    cursor?: string;
    index: IndexName;
    partition: string;
    invalid: string;
  },
): Promise<Page<Record<string, unknown>>> {
  const fields = ['PK', 'SK', `${opts.index}PK`, `${opts.index}SK`];
  const keyOf = (item: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, item[f]]));
  let from: Record<string, unknown> | undefined = opts.cursor
    ? keyCursor.decode(opts.cursor, fields, (k) => k[`${opts.index}PK`] === opts.partition, opts.invalid)
    : undefined;
  const items: Record<string, unknown>[] = [];
  let read = 0;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        ScanIndexForward: false,
        ...input,
        Limit: Math.max(1, opts.window - read),
        ExclusiveStartKey: from,
      }),
    );
    read += res.ScannedCount ?? 0;
    const found = res.Items ?? [];
    const room = opts.limit - items.length;
    if (found.length > room) {
      // More matches than the page holds: the page ends at its last item, the rest is the next page's.
      items.push(...found.slice(0, room));
      return { items, next_cursor: keyCursor.encode(keyOf(items[items.length - 1] as Record<string, unknown>)) };
    }
    items.push(...found);
    from = res.LastEvaluatedKey;
  } while (from && items.length < opts.limit && read < opts.window);
  return { items, next_cursor: from ? keyCursor.encode(from) : null };
}

// Attribute readers: an item attribute of the expected type, else null.
export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The named attributes of an item as text ('' when one is missing): the required fields of a mapper. */
export function texts<K extends string>(item: Record<string, unknown>, fields: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const f of fields) out[f] = String(item[f] ?? '');
  return out;
}

/** A single-item write whose ConditionExpression did not hold. */
export const isConditionFailure = (err: unknown): boolean =>
  (err as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';

/** Runs a conditional write; false when its condition did not hold (other errors throw). */
export async function conditionally(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * The per-item reasons of a cancelled transaction ("ConditionalCheckFailed", "None",
 * "TransactionConflict", ...), in the order of the items; undefined for any other error. The SDK
 * lists them in CancellationReasons; some engines only in the message: "... [ConditionalCheckFailed, None]".
 */
export function cancellationCodes(err: unknown): string[] | undefined {
  const e = err as { name?: string; message?: string; CancellationReasons?: Array<{ Code?: string }> } | undefined;
  if (e?.name !== 'TransactionCanceledException') return undefined;
  if (e.CancellationReasons?.length) return e.CancellationReasons.map((r) => r.Code ?? 'None');
  const listed = /\[([^\]]*)\]/.exec(e.message ?? '')?.[1];
  return listed ? listed.split(',').map((c) => c.trim()) : [];
}

/** Positions of the items whose condition failed in a cancelled transaction (empty for other errors). */
export function cancelledAt(err: unknown): number[] {
  return (cancellationCodes(err) ?? []).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
}

/** True when the code of item `index` says its condition failed. */
export const failedAt = (codes: readonly string[] | undefined, index: number): boolean =>
  codes?.[index] === 'ConditionalCheckFailed';

const backoff = (attempt: number) => new Promise((r) => setTimeout(r, 15 * 2 ** attempt + Math.random() * 25));

/** Commits, or returns the cancellation (codes and error) after retrying conflicts. Other errors throw. */
async function attempt(
  items: TransactItems,
  conflictRetries: number,
): Promise<{ codes: string[]; err: unknown } | undefined> {
  for (let n = 0; ; n++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      if (codes.includes('ConditionalCheckFailed') || n >= conflictRetries) return { codes, err };
      await backoff(n);
    }
  }
}

/**
 * Runs a transaction (with a pending audit entry appended last: audit-scope.ts). Resolves undefined when it committed, or the cancellation codes when it was
 * cancelled (a condition failed, or it kept conflicting). A cancellation without a failed
 * condition (another transaction was touching the same items) is retried `conflictRetries` times
 * first. Any other error is thrown.
 */
export async function transactOrCancellationCodes(
  items: TransactItems,
  conflictRetries = 4,
): Promise<string[] | undefined> {
  const pending = pendingAuditEntry();
  const cancelled = await carryingEntry(
    pending,
    () => attempt(withEntry(items, pending), conflictRetries),
    (c) => !c,
  );
  return cancelled?.codes;
}

/**
 * Runs a transaction like transactOrCancellationCodes, but throws the TransactionCanceledException when it is
 * cancelled (cancellationCodes / cancelledAt on it tell which item failed).
 */
export async function transact(items: TransactItems, conflictRetries = 4): Promise<void> {
  const pending = pendingAuditEntry();
  const cancelled = await carryingEntry(
    pending,
    () => attempt(withEntry(items, pending), conflictRetries),
    (c) => !c,
  );
  if (cancelled) throw cancelled.err;
}
