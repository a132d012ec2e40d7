/**
 * Licence delivery runs in the background. The Stripe webhook completes the
 * purchase, puts a "fulfil purchase" message on the fulfilment queue and answers at once, even
 * when the developer's licence webhook takes seconds; the worker delivers the licence afterwards.
 * Duplicate messages deliver once (the purchase's fulfilment lease), and new pool keys serve
 * waiting buyers through the same queue. Against DynamoDB Local, the local SES and a real HTTP
 * endpoint started here.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalQueueConsumers } from '../../bin/local-queue-consumers';
import { FULFILMENT_LEASE_MS } from '../../functions/core/purchases/purchase';
import { localFulfilmentIdle, queuedFulfilment } from '../../functions/wiring/fulfilment';
import { approvedDeveloper, mailsTo } from '../support/api';
import { BACKGROUND_TEST_TIMEOUT_MS } from '../support/constants';
import { workerQueuesIdle } from '../support/queues';
import { listenOnWebhookPort } from '../support/receiver';
import {
  createApp,
  deliveredPurchase,
  getPurchase,
  insertPurchase,
  postEvent,
  sessionCompletedEvent,
  testApp,
  waitForMail,
} from './checkout-fixtures';

/**
 * How long the developer's slow licence endpoint takes to answer: slower than Stripe may wait for
 * the webhook's answer (2 s below), well within the worker's 10 s per-attempt timeout even on a
 * loaded machine (a later answer would rightly be retried).
 */
const SLOW_ENDPOINT_MS = 3_000;

/** Endpoint paths whose answer waits until the test opens their gate: the licence is on its way for as long as the test needs. */
const gates = new Map<string, Promise<void>>();

let owner: Awaited<ReturnType<typeof approvedDeveloper>>;
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  // The fulfilment worker runs in this process too, on its in-process queue (queuedFulfilment below).
  startLocalQueueConsumers();
  owner = await approvedDeveloper();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      hits.push(req.url ?? '');
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ license_key: `LIC-${JSON.parse(body).purchase_id}`, expires_at: null }));
      };
      const gate = gates.get(req.url ?? '');
      if (gate) void gate.then(answer);
      else setTimeout(answer, req.url?.startsWith('/slow') ? SLOW_ENDPOINT_MS : 0);
    });
  });
  base = `http://127.0.0.1:${await listenOnWebhookPort(server)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const webhookApp = (label: string, path: string) =>
  createApp(testApp(owner.id, label, { licensing_type: 'webhook', webhook_license_url: `${base}${path}` }));

/** A pending purchase of a new app whose licence webhook (at its own path) answers slowly. */
async function slowHookPurchase(label: string) {
  const path = `/slow-${randomUUID()}`;
  const app = await webhookApp(label, path);
  return { path, app, p: await insertPurchase(app) };
}

describe('queued licence delivery', () => {
  it(
    "answers Stripe at once while the developer's licence webhook is slow; the licence arrives afterwards",
    async () => {
      const { path, app, p } = await slowHookPurchase('slow-hook');

      const started = Date.now();
      const answer = await postEvent(sessionCompletedEvent(p));
      const answeredMs = Date.now() - started;
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true });
      expect(answeredMs).toBeLessThan(2_000);
      // Paid and recorded, licence on its way.
      expect(await getPurchase(p.id)).toMatchObject({ status: 'completed', fulfilment: 'pending', license_key: null });

      const done = await deliveredPurchase(p.id);
      const deliveredMs = Date.now() - started;
      expect(done).toMatchObject({ license_status: 'assigned', license_key: `LIC-${p.id}` });
      expect(deliveredMs).toBeGreaterThanOrEqual(SLOW_ENDPOINT_MS);
      const mail = await waitForMail(p.buyer_email, (m) => m.subject === `Your license for ${app.name}`);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).toContain(`LIC-${p.id}`);
      expect(hits.filter((h) => h === path)).toHaveLength(1);
    },
    BACKGROUND_TEST_TIMEOUT_MS,
  );

  it(
    'a repeated Stripe event while the licence is on its way is answered 503 (retry later), then as a duplicate',
    async () => {
      // The developer's endpoint holds its answer until the repeat has been answered.
      const path = `/held-${randomUUID()}`;
      let open = () => {};
      gates.set(path, new Promise<void>((resolve) => (open = resolve)));
      const p = await insertPurchase(await webhookApp('held-repeat', path));
      const event = sessionCompletedEvent(p);
      expect((await postEvent(event)).status).toBe(200);
      // Completed, the webhook licence on its way: no status ("License being prepared"), never the
      // manual "Access Pending" (manual_pending is for manual licences only).
      expect(await getPurchase(p.id)).toMatchObject({ status: 'completed', license_status: null });
      await vi.waitFor(() => expect(hits).toContain(path), { timeout: 10_000, interval: 50 });
      const repeat = await postEvent(event);
      expect(repeat.status).toBe(503);
      open();
      await deliveredPurchase(p.id);
      expect(await postEvent(event)).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
      expect(hits.filter((h) => h === path)).toHaveLength(1);
    },
    BACKGROUND_TEST_TIMEOUT_MS,
  );

  it('the same message received several times (at-least-once queues) delivers once', async () => {
    const path = `/fast-${randomUUID()}`;
    const app = await webhookApp('dup-messages', path);
    const lease = Date.now() + FULFILMENT_LEASE_MS;
    const p = await insertPurchase(app, {
      status: 'completed',
      license_status: 'manual_pending',
      completed_at: new Date().toISOString(),
      fulfilment: 'pending',
      fulfilment_lease_until: lease,
    });
    // This process's fulfilment queue and worker (the in-process queue, as the local server has).
    await Promise.all([1, 2, 3].map(() => queuedFulfilment.fulfil({ id: p.id, fulfilment_lease_until: lease })));
    await localFulfilmentIdle();
    await queuedFulfilment.fulfil({ id: p.id, fulfilment_lease_until: lease });
    await localFulfilmentIdle();

    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'assigned', license_key: `LIC-${p.id}` });
    expect(hits.filter((h) => h === path)).toHaveLength(1);
    await waitForMail(p.buyer_email, (m) => m.subject === `Your license for ${app.name}`);
    // Everything this worker queued (the four messages, any redelivery, a mail retry) has run: count.
    await workerQueuesIdle();
    expect((await mailsTo(p.buyer_email)).filter((m) => m.subject === `Your license for ${app.name}`)).toHaveLength(1);
  });

  it('new pool keys serve buyers waiting on an empty pool through the queue', async () => {
    const app = await createApp(testApp(owner.id, 'refill'));
    const p = await insertPurchase(app);
    await postEvent(sessionCompletedEvent(p));
    expect(await deliveredPurchase(p.id)).toMatchObject({ license_status: 'out_of_stock' });
    const { DynamoAppsRepository } = await import('../../functions/adapters/dynamodb/apps-repo');
    await new DynamoAppsRepository().addPoolKeys(app.id, [`KEY-${app.id}-late`]);
    await queuedFulfilment.refill(app.id);
    await localFulfilmentIdle();
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'assigned', license_key: `KEY-${app.id}-late` });
  });
});
