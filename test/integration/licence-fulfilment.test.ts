/**
 * Licence delivery against DynamoDB Local and the local SES, by licensing type. The key pool under
 * 20 concurrent Stripe-signed events (through the real webhook); universal codes; manual access;
 * and the developer's licence webhook, received by a real HTTP server started here: a good answer
 * (with Standard Webhooks headers verified by the reference library), and an endpoint that is down,
 * too slow or answers garbage, each ending in manual_pending with the developer told. The failure
 * cases run the same services in this process (buildCheckoutServices, delivering inline) with a
 * 500 ms timeout and short retry waits, so the suite stays fast. Through the server, delivery runs
 * on the fulfilment queue after the webhook answered: those tests wait for it (deliveredPurchase).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@shared/messages';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { dynamoLicenceLookup } from '../../functions/adapters/dynamodb/licences-read-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { buildCheckoutServices } from '../../functions/wiring/checkout';
import { buildLicenceFulfilment } from '../../functions/wiring/fulfilment';
import { api, approvedDeveloper } from '../support/api';
import { must } from '../support/must';
import {
  type Answer,
  listenOnWebhookPort,
  type ReceivedRequest,
  type Receiver,
  startServer,
} from '../support/receiver';
import {
  createApp,
  deliveredPurchase,
  getPurchase,
  insertPurchase,
  poolKeysFor,
  postEvent,
  purchasesRepo,
  sessionCompletedEvent,
  testApp,
  waitForMail,
} from './checkout-fixtures';

let owner: Awaited<ReturnType<typeof approvedDeveloper>>;

beforeAll(async () => {
  owner = await approvedDeveloper();
});

describe('key pool', () => {
  it('20 concurrent purchases against a pool of 5 keys: 5 distinct keys, 15 out_of_stock, nothing lost', async () => {
    const app = testApp(owner.id, 'pool-race');
    const keys = poolKeysFor(app, 5);
    await createApp(app, keys);
    const pending = await Promise.all(Array.from({ length: 20 }, () => insertPurchase(app)));

    const answers = await Promise.all(pending.map((p) => postEvent(sessionCompletedEvent(p))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

    // 20 deliveries race on one pool in the worker; one that hits a transaction conflict is retried by the queue.
    const stored = await Promise.all(pending.map((p) => deliveredPurchase(p.id, 60_000)));
    expect(stored.every((p) => p.status === 'completed')).toBe(true);
    const assigned = stored.filter((p) => p.license_status === 'assigned');
    const waiting = stored.filter((p) => p.license_status === 'out_of_stock');
    expect(assigned).toHaveLength(5);
    expect(waiting).toHaveLength(15);
    expect(new Set(assigned.map((p) => p.license_key))).toEqual(new Set(keys));
    expect(waiting.every((p) => p.license_key === null)).toBe(true);

    // Each key is recorded as assigned to its purchase, and the Partner API finds it by key.
    for (const p of assigned) {
      const pool = await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: { PK: `APP#${app.id}`, SK: `POOLKEY#${p.license_key}` } }),
      );
      expect(pool.Item).toMatchObject({ status: 'assigned', purchase_id: p.id });
      expect(pool.Item?.GSI3PK).toBeUndefined();
      expect((await dynamoLicenceLookup.findByKey(app.id, p.license_key as string))?.id).toBe(p.id);
    }
    const poolMails = await waitForMail(owner.email, (m) => m.subject === `Your key pool for ${app.name} is empty`);
    expect(poolMails.length).toBeGreaterThanOrEqual(1);
    const buyerMail = await waitForMail(
      must(waiting[0], 'the waiting purchase').buyer_email,
      (m) => m.subject === `Your license for ${app.name}`,
    );
    expect(buyerMail[0]?.text).toContain(MSG.licenseUnavailableText);

    // The developer adds keys: waiting buyers are served, oldest first, and mailed their key.
    const more = poolKeysFor({ id: `${app.id}-more` }, 3);
    const { DynamoAppsRepository } = await import('../../functions/adapters/dynamodb/apps-repo');
    await new DynamoAppsRepository().addPoolKeys(app.id, more);
    const served = await buildLicenceFulfilment().retryOutOfStock(app.id);
    expect(served).toBe(3);
    const after = await Promise.all(pending.map((p) => getPurchase(p.id)));
    expect(after.filter((p) => p.license_status === 'assigned')).toHaveLength(8);
    expect(new Set(after.map((p) => p.license_key).filter(Boolean))).toEqual(new Set([...keys, ...more]));
    // Every claim moved the pool's count of assigned keys in its transaction (the developer's pool view reads it).
    const counter = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `APP#${app.id}`, SK: 'POOLCOUNT' } }),
    );
    expect(counter.Item?.assigned).toBe(8);
  }, 90_000);
});

describe('universal code and manual licensing', () => {
  it('gives every buyer the same code; the lookup item is written once', async () => {
    const code = `UNI-${randomUUID()}`;
    const app = await createApp(
      testApp(owner.id, 'universal', { licensing_type: 'universal_code', universal_access_code: code }),
    );
    const [a, b] = [await insertPurchase(app), await insertPurchase(app)];
    for (const p of [a, b]) expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
    for (const p of [a, b])
      expect(await deliveredPurchase(p.id)).toMatchObject({ license_status: 'assigned', license_key: code });
    expect((await dynamoLicenceLookup.findByKey(app.id, code))?.id).toBe(a.id);
  });

  it('manual: manual_pending, the developer is asked to send access, the buyer is told to wait', async () => {
    const instructions = `Call us on 555-0100 with reference ${randomUUID().slice(0, 6)}`;
    const app = await createApp(
      testApp(owner.id, 'manual', { licensing_type: 'manual', licensing_instructions: instructions }),
    );
    const p = await insertPurchase(app);
    expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
    expect(await deliveredPurchase(p.id)).toMatchObject({ status: 'completed', license_status: 'manual_pending' });
    const dev = await waitForMail(
      owner.email,
      (m) => m.subject === `Send access details for ${app.name} to ${p.buyer_email}`,
    );
    expect(dev[0]?.text).toContain(instructions);
    expect(dev[0]?.text).toContain(p.buyer_email);
    const buyer = await waitForMail(p.buyer_email, (m) => m.subject === `Your license for ${app.name}`);
    expect(buyer[0]?.text).toContain(MSG.accessPendingText);
  });
});

describe('licence webhook', () => {
  let handler: Answer = (_req, _body, res) => res.end();
  let endpoint: Receiver;
  let base: string;
  let received: ReceivedRequest[];

  beforeAll(async () => {
    endpoint = await startServer((req, body, res) => handler(req, body, res));
    base = endpoint.url;
    received = endpoint.received;
  });
  afterAll(() => endpoint.close());

  const fast = () =>
    buildCheckoutServices({
      fulfilment: buildLicenceFulfilment({ licenceWebhook: { timeoutMs: 500, retryDelaysMs: [10, 20] } }),
    });
  const webhookApp = (label: string, url: string) =>
    createApp(testApp(owner.id, label, { licensing_type: 'webhook', webhook_license_url: url }));
  const hitsFor = (path: string) => received.filter((r) => r.path === path);

  async function appSecret(app: AppRecord): Promise<string> {
    const res = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `APP#${app.id}`, SK: 'APP' } }),
    );
    return res.Item?.license_webhook_secret as string;
  }

  it('records the key and expiry the endpoint answers; the call carries valid Standard Webhooks headers', async () => {
    const path = `/ok-${randomUUID()}`;
    const app = await webhookApp('hook-ok', `${base}${path}`);
    const expires = '2031-01-31T00:00:00.000Z';
    handler = (req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ license_key: `HOOK-${req.url}`, expires_at: expires }));
    };
    const p = await insertPurchase(app);
    // Through the real webhook endpoint of the running server.
    expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
    expect(await deliveredPurchase(p.id)).toMatchObject({
      license_status: 'assigned',
      license_key: `HOOK-${path}`,
      expires_at: expires,
    });
    const hit = must(hitsFor(path)[0], `a delivery to ${path}`);
    expect(hit).toBeDefined();
    const secret = await appSecret(app);
    expect(secret).toMatch(/^whsec_/);
    const payload = new Webhook(secret).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    }) as Record<string, unknown>;
    expect(payload).toMatchObject({
      purchase_id: p.id,
      customer_email: p.buyer_email,
      customer_name: p.buyer_name,
      app_id: app.id,
    });
    expect(Date.parse(String(payload.timestamp))).not.toBeNaN();
    expect(hit.headers['content-type']).toBe('application/json');
    const mail = await waitForMail(p.buyer_email, (m) => m.subject === `Your license for ${app.name}`);
    expect(mail[0]?.text).toContain(`HOOK-${path}`);

    // The secret is created once and kept: a second purchase is signed with the same one.
    const q = await insertPurchase(app);
    await postEvent(sessionCompletedEvent(q));
    await deliveredPurchase(q.id);
    expect(await appSecret(app)).toBe(secret);
    expect(() =>
      new Webhook(secret).verify(must(hitsFor(path)[1]).body, must(hitsFor(path)[1]).headers as Record<string, string>),
    ).not.toThrow();
  });

  it("tells the developer's own webhooks: license.purchased with the licence", async () => {
    const path = `/events-${randomUUID()}`;
    const code = `EVT-${randomUUID()}`;
    const app = await createApp(
      testApp(owner.id, 'events', { licensing_type: 'universal_code', universal_access_code: code }),
    );
    handler = (_req, _body, res) => res.end('ok');
    const hook = await api('POST', `/api/apps/${app.id}/webhooks`, {
      token: owner.token,
      body: { event_type: 'license.purchased', target_url: `${base}${path}` },
    });
    expect(hook.status).toBe(201);
    const p = await insertPurchase(app);
    expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
    await expect
      .poll(() => hitsFor(path).length, { timeout: 10_000, message: `license.purchased delivered to ${path}` })
      .toBeGreaterThan(0);
    const hit = must(hitsFor(path)[0], `a delivery to ${path}`);
    expect(hit.body).toContain(p.id);
    expect(hit.body).toContain('license.purchased');
    expect(hit.body).toContain(code);
  });

  it('retries a failing endpoint and takes a later good answer', async () => {
    const path = `/flaky-${randomUUID()}`;
    const app = await webhookApp('hook-flaky', `${base}${path}`);
    handler = (_req, _body, res) => {
      if (hitsFor(path).length < 2) {
        res.writeHead(503);
        res.end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ license_key: 'FLAKY-1', expires_at: null }));
    };
    const p = await insertPurchase(app);
    await fast().events.handle(sessionCompletedEvent(p));
    expect(await getPurchase(p.id)).toMatchObject({
      license_status: 'assigned',
      license_key: 'FLAKY-1',
      expires_at: null,
    });
    expect(hitsFor(path)).toHaveLength(2);
    // Every attempt is the same message: same webhook-id.
    expect(new Set(hitsFor(path).map((h) => h.headers['webhook-id'])).size).toBe(1);
  });

  async function expectManualAfterFailure(app: AppRecord, path: string | null, attempts: number) {
    // A paid guest: the developer's completion later reaches the address in the platform's words.
    const p = await insertPurchase(app, { buyer_new_account: true });
    const answer = await fast().events.handle(sessionCompletedEvent(p));
    expect(answer).toEqual({ received: true });
    expect(await getPurchase(p.id)).toMatchObject({
      status: 'completed',
      license_status: 'manual_pending',
      license_key: null,
    });
    if (path) expect(hitsFor(path)).toHaveLength(attempts);
    const dev = await waitForMail(
      owner.email,
      (m) => m.subject === `License webhook for ${app.name} failed: send access details to ${p.buyer_email} manually`,
    );
    expect(dev).toHaveLength(1);
    const buyer = await waitForMail(p.buyer_email, (m) => m.subject === `Your license for ${app.name}`);
    expect(buyer[0]?.text).toContain(MSG.accessPendingText);
    // The fallen-back licence waits among the developer's pending manual licences, like a manual app's.
    const pending = await api('GET', '/api/manual-licences', { token: owner.token });
    expect(pending.body.licences).toContainEqual(
      expect.objectContaining({ purchase_id: p.id, app_id: app.id, buyer_email: p.buyer_email }),
    );
    return p;
  }

  it('down (connection refused): manual_pending and the developer is told', async () => {
    const closed = createServer();
    const port = await listenOnWebhookPort(closed);
    await new Promise((r) => closed.close(r));
    const app = await webhookApp('hook-down', `http://127.0.0.1:${port}/licence`);
    const p = await expectManualAfterFailure(app, null, 0);
    // The developer sends a key by hand and records it: the licence is assigned, the buyer mailed.
    const done = await api('POST', `/api/manual-licences/${p.id}/complete`, {
      token: owner.token,
      body: { license_key: 'HAND-SENT-1' },
    });
    expect(done.status).toBe(200);
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'assigned', license_key: 'HAND-SENT-1' });
    await waitForMail(p.buyer_email, (m) => (m.text ?? '').includes('Your license key: HAND-SENT-1'));
  });

  it('slow (longer than the timeout): manual_pending after 3 attempts', async () => {
    const path = `/slow-${randomUUID()}`;
    const app = await webhookApp('hook-slow', `${base}${path}`);
    handler = (_req, _body, res) => {
      setTimeout(() => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ license_key: 'TOO-LATE', expires_at: null }));
      }, 1500);
    };
    const started = Date.now();
    await expectManualAfterFailure(app, path, 3);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('garbage answers (not JSON, no key, bad expiry, non-2xx): manual_pending after 3 attempts', async () => {
    const bodies = [
      '<html>oops</html>',
      JSON.stringify({ key: 'x' }),
      JSON.stringify({ license_key: 'K', expires_at: 'soon' }),
    ];
    for (const [i, body] of bodies.entries()) {
      const path = `/garbage-${i}-${randomUUID()}`;
      const app = await webhookApp(`hook-garbage-${i}`, `${base}${path}`);
      handler = (_req, _body, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      };
      await expectManualAfterFailure(app, path, 3);
    }
    const path = `/error-${randomUUID()}`;
    const app = await webhookApp('hook-500', `${base}${path}`);
    handler = (_req, _body, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ license_key: 'NOT-FROM-AN-ERROR', expires_at: null }));
    };
    await expectManualAfterFailure(app, path, 3);
  });

  it('never follows redirects', async () => {
    const path = `/redirect-${randomUUID()}`;
    const app = await webhookApp('hook-redirect', `${base}${path}`);
    handler = (_req, _body, res) => {
      res.writeHead(307, { location: `${base}/elsewhere` });
      res.end();
    };
    await expectManualAfterFailure(app, path, 3);
    expect(hitsFor('/elsewhere')).toHaveLength(0);
  });
});

describe('purchases that cannot be delivered are kept', () => {
  it('a key-pool app with an empty pool keeps the completed purchase (out_of_stock)', async () => {
    const app = await createApp(testApp(owner.id, 'empty-pool'));
    const p = await insertPurchase(app);
    await postEvent(sessionCompletedEvent(p));
    expect(await deliveredPurchase(p.id)).toMatchObject({ status: 'completed', license_status: 'out_of_stock' });
    expect((await purchasesRepo.pageByApp(app.id, 10)).items.map((x) => x.id)).toEqual([p.id]);
  });
});
