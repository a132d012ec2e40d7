/**
 * DynamoDB implementation of RateLimitStore (functions/core/rate-limit/rate-limiter.ts).
 *
 * | Access pattern              | Index | Key condition                 | Function      |
 * |-----------------------------|-------|-------------------------------|---------------|
 * | counter of one key (TTL)    | table | PK=RATE#<key>, SK=RATE        | take, giveBack, clear |
 *
 * A unit is taken with one conditional update (open window and below the limit), so concurrent
 * requests never overshoot. TTL deletion is lazy, so every decision also compares `expires_at`.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitStore, TakeResult } from '../../core/rate-limit/rate-limiter';
import { documentClient, tableName } from '../aws-clients';
import { deleteItem, isConditionFailure, putItem } from './dynamo';
import { rateKeys } from './keys';

const keyOf = rateKeys.limiter;
const db = () => documentClient();

export const dynamoRateLimitStore: RateLimitStore = {
  async take(key, limit, windowSeconds, nowSeconds): Promise<TakeResult> {
    const Key = keyOf(key);
    const end = nowSeconds + windowSeconds;
    for (let round = 0; round < 4; round++) {
      try {
        const res = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key,
            UpdateExpression:
              'ADD #n :one SET entity = :entity, expires_at = if_not_exists(expires_at, :end), #ttl = if_not_exists(#ttl, :end)',
            ConditionExpression: 'attribute_not_exists(PK) OR (expires_at > :now AND #n < :limit)',
            ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':end': end,
              ':now': nowSeconds,
              ':limit': limit,
              ':entity': 'RATE',
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return {
          ok: true,
          count: Number(res.Attributes?.n ?? 1),
          expiresAt: Number(res.Attributes?.expires_at ?? end),
        };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      // Refused: the window is full (answer with its end), it has expired (restart it), or another
      // request restarted it in between (room again: take a unit in the next round).
      const current = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
      const expiresAt = Number(current.Item?.expires_at ?? 0);
      if (current.Item && expiresAt > nowSeconds) {
        if (Number(current.Item.n ?? 0) >= limit) return { ok: false, expiresAt };
        continue;
      }
      try {
        await putItem(
          { ...Key, entity: 'RATE', n: 1, expires_at: end, ttl: end },
          {
            ConditionExpression: 'attribute_not_exists(PK) OR expires_at <= :now',
            ExpressionAttributeValues: { ':now': nowSeconds },
          },
        );
        return { ok: true, count: 1, expiresAt: end };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    throw new Error('rate limit counter: too much contention');
  },

  async giveBack(key) {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(key),
          UpdateExpression: 'ADD #n :minus',
          ConditionExpression: 'attribute_exists(PK) AND #n > :zero',
          ExpressionAttributeNames: { '#n': 'n' },
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  },

  async clear(key) {
    await deleteItem(keyOf(key));
  },
};
