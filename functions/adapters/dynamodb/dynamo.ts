/**
 * The DynamoDB plumbing every repository in this folder shares: item reads, paging to the end,
 * projections, transactions with their cancellation reasons, and condition failures. Keys come
 * from keys.ts; item shapes from each entity's mapper.
 */
import {
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../aws-clients';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];

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

// Attribute readers: an item attribute of the expected type, else null.
export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

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
 * Runs a transaction. Resolves undefined when it committed, or the cancellation codes when it was
 * cancelled (a condition failed, or it kept conflicting). A cancellation without a failed
 * condition (another transaction was touching the same items) is retried `conflictRetries` times
 * first. Any other error is thrown.
 */
export async function transactCodes(items: TransactItems, conflictRetries = 4): Promise<string[] | undefined> {
  return (await attempt(items, conflictRetries))?.codes;
}

/**
 * Runs a transaction like transactCodes, but throws the TransactionCanceledException when it is
 * cancelled (cancellationCodes / cancelledAt on it tell which item failed).
 */
export async function transact(items: TransactItems, conflictRetries = 4): Promise<void> {
  const cancelled = await attempt(items, conflictRetries);
  if (cancelled) throw cancelled.err;
}
