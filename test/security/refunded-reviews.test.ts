/**
 * Issue 30, finding 8 (low, read): a refund could leave the buyer's review counted. After the
 * refund, the review was taken out of the average only if a Query of the buyer's purchases (an
 * index, eventually consistent) no longer showed a completed licence, read right after the refund
 * wrote it, and nothing tried again. And an expired licence still counted as holding one.
 *
 * The index's lag is reproduced here by answering the buyer's purchase Query with what it held
 * before the refund (what DynamoDB may answer for a moment). The refund now decides by purchase id
 * with consistent reads, in the refund's own transaction; an expired licence holds nothing.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../../functions/adapters/aws-clients';
import type { AppRecord } from '../../functions/core/apps/app';
import { createApp, insertCompleted, testApp } from '../integration/checkout-fixtures';
import { adminToken, type Developer, newDeveloper } from '../support/api';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();
let owner: Developer;
let app: AppRecord;

beforeAll(async () => {
  owner = await newDeveloper();
  app = await createApp(testApp(owner.id, 'refund-review', { pricing_model: 'free', price_cents: 0 }));
});
afterEach(() => vi.restoreAllMocks());

const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
  callFrom(server.url, newClient(), method, path, opts);

async function reviewCount(): Promise<number> {
  const page = await call('GET', `/api/apps/${app.id}/reviews`);
  expect(page.status).toBe(200);
  return (page.body.items as unknown[]).length;
}

describe('a refund takes the review out', () => {
  it('even when the index of the buyer’s purchases still shows the licence', async () => {
    const buyer = await newDeveloper();
    const purchase = await insertCompleted(app, buyer);
    // The buyer's purchases index answers every Query as it first did (before the refund): index lag.
    const client = documentClient();
    const send = client.send.bind(client);
    const isBuyerQuery = (cmd: unknown) =>
      cmd instanceof QueryCommand &&
      cmd.input.IndexName === 'GSI1' &&
      String(cmd.input.ExpressionAttributeValues?.[':pk'] ?? '').includes(buyer.id);
    const stale = new Map<string, unknown>();
    vi.spyOn(client, 'send').mockImplementation((async (cmd: unknown) => {
      if (!isBuyerQuery(cmd)) return send(cmd as never);
      const key = JSON.stringify((cmd as QueryCommand).input);
      if (!stale.has(key)) stale.set(key, await send(cmd as never));
      return stale.get(key);
    }) as never);
    const posted = await call('POST', `/api/apps/${app.id}/reviews`, { token: buyer.token, body: { rating: 5 } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const counted = await reviewCount();

    const refund = await call('POST', `/api/admin/purchases/${purchase.id}/refund`, { token: await adminToken() });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const left = await reviewCount();
    console.info(`item 8: reviews listed before the refund ${counted}, after ${left}`);
    expect(left).toBe(counted - 1);
  });

  it('an expired licence does not let its holder review', async () => {
    const buyer = await newDeveloper();
    await insertCompleted(app, buyer, { expires_at: new Date(Date.now() - 86_400_000).toISOString() });
    const posted = await call('POST', `/api/apps/${app.id}/reviews`, { token: buyer.token, body: { rating: 1 } });
    console.info(`item 8: a review by the holder of an expired licence answers ${posted.status}`);
    expect(posted.status).toBe(403);
  });
});
