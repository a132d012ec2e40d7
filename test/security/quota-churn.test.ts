/**
 * Issue 30, finding 5 (low): quota churn. The daily Partner API quota (staging 500, production
 * 10,000; spec section 9) was counted on the key item, so deleting a spent key and creating another
 * started the day's 500 calls again: 1,500 calls in one day over three rounds. The quota is now
 * counted per developer and key type per UTC day, on an item of its own that outlives the keys.
 */
import { describe, expect, it } from 'vitest';
import { api, newDeveloper } from '../support/api';

const STAGING_PER_DAY = 500;

async function stagingKey(token: string): Promise<{ id: string; key: string }> {
  const res = await api('POST', '/api/keys', { token, body: { type: 'staging' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, key: res.body.key as string };
}

/** Calls GET /v1/me `n` times (25 at a time); the statuses in order. */
async function spend(key: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, n - i) }, () => api('GET', '/v1/me', { headers: { 'x-api-key': key } })),
    );
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

describe('the daily quota survives key deletion', () => {
  it('deleting a spent staging key and creating another does not start the day again', async () => {
    const dev = await newDeveloper();
    const first = await stagingKey(dev.token);
    const spent = await spend(first.key, STAGING_PER_DAY + 1);
    expect(spent.filter((s) => s === 200)).toHaveLength(STAGING_PER_DAY);
    expect(spent.at(-1)).toBe(429);

    expect((await api('DELETE', `/api/keys/${first.id}`, { token: dev.token })).status).toBe(200);
    const second = await stagingKey(dev.token);
    const again = await api('GET', '/v1/me', { headers: { 'x-api-key': second.key } });
    console.info(`item 5: a new staging key after spending the day's quota answers ${again.status}`);
    expect(again.status).toBe(429);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(String(again.body.detail)).toMatch(/limit/i);

    // Two keys of one developer share the day's quota too: no more calls through either.
    const third = await stagingKey(dev.token);
    expect((await api('GET', '/v1/me', { headers: { 'x-api-key': third.key } })).status).toBe(429);
    // Another developer's staging quota is untouched.
    const other = await newDeveloper();
    const theirs = await stagingKey(other.token);
    expect((await api('GET', '/v1/me', { headers: { 'x-api-key': theirs.key } })).status).toBe(200);
  });
});
