/**
 * Fixed-window counters on the single table, for limits such as "10 test events a minute per app".
 * One conditional update per hit: the counter item of the current window is created or incremented
 * only while below the limit, so concurrent callers can never together exceed it. Items expire
 * through the table's TTL a window after they end.
 *
 * | what                        | PK                              | SK     |
 * |-----------------------------|---------------------------------|--------|
 * | hits of a key in one window | RATE#<key>#<window start, s>    | RATE   |
 */
import { outsideAuditScope } from './audit-scope';
import { conditionally, updateItem } from './dynamo';
import { rateKeys } from './keys';
import { TABLE_KEYS } from './table-definition';

export async function hitRateCounter(
  key: string,
  limit: number,
  windowSeconds: number,
  nowMs = Date.now(),
): Promise<boolean> {
  const windowStart = Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;
  // A hit is not the audited change it may guard: it never carries the request's audit entry.
  return outsideAuditScope(() =>
    conditionally(
      updateItem(rateKeys.window(key, windowStart), {
        UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowStart + 2 * windowSeconds },
      }),
    ),
  );
}
