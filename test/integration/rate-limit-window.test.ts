/**
 * The rate-limit counters on DynamoDB Local (functions/adapters/dynamodb/rate-limit-repo.ts): when
 * a window has ended, the parallel requests that find it ended race to start the next one. Each
 * loser used to read the window its rival had just started and answer 429 as though it were full
 * (seen as a stray "try again in 1 minute" in test/security/guessing-budget.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { dynamoRateLimitStore } from '../../functions/adapters/dynamodb/rate-limit-repo';

it('parallel takes of an ended window all get a unit while the new window has room, and the rest are refused', async () => {
  const key = `window-race:${randomUUID()}`;
  const start = 1_900_000_000;
  for (let i = 0; i < 10; i++) expect((await dynamoRateLimitStore.take(key, 10, 60, start)).ok).toBe(true);
  expect((await dynamoRateLimitStore.take(key, 10, 60, start + 59)).ok).toBe(false);

  // The window ended: 10 parallel takes fit the new window, and so would any 10 of 14.
  const next = start + 60;
  for (const attempt of [1, 2, 3]) {
    const k = `${key}:${attempt}`;
    for (let i = 0; i < 10; i++) await dynamoRateLimitStore.take(k, 10, 60, start);
    const taken = await Promise.all(Array.from({ length: 14 }, () => dynamoRateLimitStore.take(k, 10, 60, next)));
    expect(taken.filter((t) => t.ok)).toHaveLength(10);
    for (const refused of taken.filter((t) => !t.ok)) expect(refused.expiresAt).toBe(next + 60);
  }
});
