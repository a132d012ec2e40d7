import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws-clients';

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

/** Positions of the items whose condition failed in a cancelled transaction (empty for other errors). */
export function cancelledAt(err: unknown): number[] {
  const reasons = (err as { name?: string; CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  if ((err as { name?: string }).name !== 'TransactionCanceledException' || !reasons) return [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

export const isConditionFailure = (err: unknown): boolean =>
  (err as { name?: string }).name === 'ConditionalCheckFailedException';
