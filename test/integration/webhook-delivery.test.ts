/**
 * The webhook delivery pipeline end to end in this test worker: the real DynamoDB adapters
 * (DynamoDB Local), real outgoing HTTP with the SSRF guard, the in-process queue with its
 * dead-letter list, and receivers started here on loopback. Each test builds its own pipeline with
 * explicit options (a retry schedule of fractions of a second, short timeouts, internal targets
 * allowed or not), because the local server runs with the defaults. Webhooks are created and
 * deleted through the API, as a developer does.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Webhook, WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { dynamoDeliveryStore } from '../../functions/adapters/dynamodb/deliveries-repo';
import { dynamoWebhookStore } from '../../functions/adapters/dynamodb/webhooks-repo';
import { InProcessQueue, MAX_RECEIVE_COUNT } from '../../functions/adapters/queue';
import {
  createDeliveryPipeline,
  DEFAULT_PIPELINE_OPTIONS,
  DISABLED_GONE,
  disabledFailing,
  type PipelineOptions,
} from '../../functions/core/webhooks/delivery-pipeline';
import { DEFAULT_RETRY_POLICY } from '../../functions/core/webhooks/retry-policy';
import { WEBHOOK_DISABLED_SUBJECT } from '../../functions/core/webhooks/webhook-mails';
import { pipelineAdapters } from '../../functions/wiring/webhook-pipeline';
import { buildWebhooksService } from '../../functions/wiring/webhooks';
import { api, approvedDeveloper, mailsTo } from '../support/api';
import { must } from '../support/must';
import { type Receiver, startReceiver, waitFor } from '../support/receiver';

type Developer = Awaited<ReturnType<typeof approvedDeveloper>>;

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** A receiver answering with the scripted statuses (see test/support/receiver.ts), closed after the file. */
async function receiverFor(script: Array<number | 'hang'>): Promise<Receiver> {
  const receiver = await startReceiver(script);
  receivers.push(receiver);
  return receiver;
}

async function insertApp(ownerId: string) {
  const id = `app-${randomUUID()}`;
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: `APP#${id}`, SK: 'APP', entity: 'App', id, user_id: ownerId, name: 'Chairside Sync', type: 'public' },
    }),
  );
  return id;
}

/** A developer, an app and a webhook (made through the API) pointing at `url`. */
async function webhookTo(url: string, eventType = 'license.purchased') {
  const dev = await approvedDeveloper();
  const appId = await insertApp(dev.id);
  const res = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
    token: dev.token,
    body: { event_type: eventType, target_url: url },
  });
  expect(res.status).toBe(201);
  return { dev, appId, webhook: res.body };
}

/**
 * A pipeline of this worker with its own in-process queue (consumer attached) and explicit
 * options; `now` is its clock (the real one unless a test moves it).
 */
function testPipeline(options: Partial<PipelineOptions> = {}, now?: () => number) {
  const queue = new InProcessQueue({ redeliveryDelayMs: 20 });
  const pipeline = createDeliveryPipeline(
    { ...pipelineAdapters, queue, ...(now && { now }) },
    {
      ...DEFAULT_PIPELINE_OPTIONS,
      allowInternal: true,
      timeoutMs: 3000,
      retry: { ...DEFAULT_RETRY_POLICY, schedule: [0.2, 0.4], jitter: 0 },
      ...options,
    },
  );
  queue.start((message) => pipeline.handleMessage(message.body));
  return { queue, pipeline };
}

const logsOf = async (dev: Developer, appId: string) => {
  const res = await api<WebhookDeliveryLog[]>('GET', `/api/apps/${appId}/webhook-logs`, { token: dev.token });
  expect(res.status).toBe(200);
  return res.body;
};

const verify = (secret: string, r: { headers: IncomingHttpHeaders; body: string }) =>
  new StandardWebhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

describe('retries', () => {
  it('retries a receiver answering 500 twice then 200, logging three attempts with one webhook-id', async () => {
    const receiver = await receiverFor([500, 500, 200]);
    const { dev, appId, webhook } = await webhookTo(receiver.url);
    const { queue, pipeline } = testPipeline();

    const summary = await pipeline.fanOut(appId, 'license.purchased', { appointment_id: 'apt-42' });
    expect(summary).toMatchObject({ webhooks: 1, queued: 1 });
    await queue.whenIdle();

    expect(receiver.received).toHaveLength(3);
    for (const r of receiver.received) {
      expect(verify(webhook.secret, r)).toMatchObject({
        type: 'license.purchased',
        data: { appointment_id: 'apt-42' },
      });
    }
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(summary.delivery_ids));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);

    const logs = await logsOf(dev, appId);
    expect(logs.map((l) => [l.status_code, l.retry_count, l.delivery_id, l.error_kind])).toEqual([
      [200, 2, summary.delivery_ids[0], null],
      [500, 1, summary.delivery_ids[0], 'http_error'],
      [500, 0, summary.delivery_ids[0], 'http_error'],
    ]);
    expect(await dynamoDeliveryStore.get(must(summary.delivery_ids[0]))).toMatchObject({ status: 'succeeded' });
    // The success ended the failure streak.
    expect((await dynamoWebhookStore.findById(webhook.id))?.failing_since).toBeNull();
  });

  it('leaves retries longer than the queue allows to the scheduler, which enqueues them when due', async () => {
    const receiver = await receiverFor([503, 200]);
    const { dev, appId } = await webhookTo(receiver.url);
    // The scheduler's clock: real time, moved ahead by the test instead of waiting.
    let ahead = 0;
    const { queue, pipeline } = testPipeline(
      { maxQueueDelaySeconds: 0.05, retry: { ...DEFAULT_RETRY_POLICY, schedule: [0.3], jitter: 0 } },
      () => Date.now() + ahead,
    );
    const { delivery_ids } = await pipeline.fanOut(appId, 'license.purchased', {});
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(1);
    const waiting = await dynamoDeliveryStore.get(must(delivery_ids[0]));
    expect(waiting).toMatchObject({ status: 'pending', attempt: 1 });
    const dueAt = must(must(waiting, 'the pending delivery').due_at, 'its due time');
    expect(dueAt).toBeGreaterThan(Date.now());

    // Not yet due: a sweep leaves it waiting.
    await pipeline.sweep();
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(1);
    expect(await dynamoDeliveryStore.get(must(delivery_ids[0]))).toMatchObject({ status: 'pending', attempt: 1 });

    ahead = dueAt - Date.now() + 1;
    expect((await pipeline.sweep()).enqueued).toBeGreaterThanOrEqual(1);
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(2);
    expect((await logsOf(dev, appId)).map((l) => l.status_code)).toEqual([200, 503]);
  });
});

describe('failures that stop a webhook', () => {
  it('410 Gone disables the webhook at once and e-mails the developer', async () => {
    const receiver = await receiverFor([410]);
    const { dev, appId, webhook } = await webhookTo(receiver.url);
    const { queue, pipeline } = testPipeline();
    await pipeline.fanOut(appId, 'license.purchased', {});
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(1);

    const list = await api<Webhook[]>('GET', `/api/apps/${appId}/webhooks`, { token: dev.token });
    expect(list.body.find((w) => w.id === webhook.id)).toMatchObject({
      is_active: false,
      disabled_reason: DISABLED_GONE,
    });
    const mails = await waitFor(async () => {
      const found = (await mailsTo(dev.email)).filter((m) => m.subject === WEBHOOK_DISABLED_SUBJECT);
      return found.length ? found : undefined;
    });
    expect(mails[0]?.text).toContain(receiver.url);
    // A disabled webhook receives no more events.
    expect((await pipeline.fanOut(appId, 'license.purchased', {})).webhooks).toBe(0);
  });

  it('an endpoint failing for 5 days is disabled by the scheduler, and its developer e-mailed', async () => {
    const receiver = await receiverFor([500]);
    const { dev, webhook } = await webhookTo(receiver.url);
    const stored = await dynamoWebhookStore.findById(webhook.id);
    await dynamoWebhookStore.markFailing(
      must(stored, 'the stored webhook'),
      new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString(),
    );
    const { pipeline } = testPipeline();
    expect((await pipeline.sweep()).disabled).toBeGreaterThanOrEqual(1);
    expect(await dynamoWebhookStore.findById(webhook.id)).toMatchObject({
      is_active: false,
      disabled_reason: disabledFailing(5),
      failing_since: null,
    });
    await waitFor(async () => (await mailsTo(dev.email)).some((m) => m.subject === WEBHOOK_DISABLED_SUBJECT));
  });

  it('a hanging receiver times out: status 0, error kind timeout', async () => {
    const receiver = await receiverFor(['hang']);
    const { dev, appId } = await webhookTo(receiver.url);
    const { queue, pipeline } = testPipeline({ timeoutMs: 300, retry: { ...DEFAULT_RETRY_POLICY, schedule: [] } });
    const started = Date.now();
    await pipeline.fanOut(appId, 'license.purchased', {});
    await queue.whenIdle();
    expect(Date.now() - started).toBeLessThan(5000);
    const log = must((await logsOf(dev, appId))[0], 'a delivery log');
    expect(log).toMatchObject({ status_code: 0, error_kind: 'timeout', response: 'Timed out after 300 ms' });
    expect(log.response_time_ms).toBeGreaterThanOrEqual(290);
  });

  it('deleting a webhook stops its pending retries', async () => {
    const receiver = await receiverFor([500]);
    const { dev, appId, webhook } = await webhookTo(receiver.url);
    const { queue, pipeline } = testPipeline({
      retry: { ...DEFAULT_RETRY_POLICY, schedule: [0.6, 0.6, 0.6], jitter: 0 },
    });
    const { delivery_ids } = await pipeline.fanOut(appId, 'license.purchased', {});
    await waitFor(() => receiver.received.length === 1);
    const del = await api('DELETE', `/api/webhooks/${webhook.id}`, { token: dev.token });
    expect(del.status).toBe(200);
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(1);
    expect(await dynamoDeliveryStore.get(must(delivery_ids[0]))).toMatchObject({
      status: 'cancelled',
      outcome: 'webhook deleted',
    });
  });
});

describe('the SSRF guard with internal targets not allowed', () => {
  let owner: Developer;
  beforeAll(async () => {
    owner = await approvedDeveloper();
  });
  /** The real webhooks service as the cloud configures it: no internal targets. */
  const cloudService = () => buildWebhooksService({ allowInternal: false });

  it.each([
    'https://127.0.0.1/hooks',
    'https://10.0.0.1/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hooks',
    'https://localhost/hooks',
    'https://[::ffff:10.0.0.1]/hooks',
  ])('refuses a webhook to %s at creation', async (url) => {
    const appId = await insertApp(owner.id);
    await expect(
      cloudService().create(owner.id, appId, { event_type: 'license.purchased', target_url: url }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/private or internal address/) });
    expect(await dynamoWebhookStore.listByApp(appId)).toEqual([]);
  });

  it('refuses plain http in the cloud', async () => {
    const appId = await insertApp(owner.id);
    await expect(
      cloudService().create(owner.id, appId, {
        event_type: 'license.purchased',
        target_url: 'http://hooks.example.com/',
      }),
    ).rejects.toMatchObject({ status: 400, message: 'target_url must use https://' });
  });

  it('refuses again at delivery, before connecting: status 0, error kind ssrf_blocked', async () => {
    const receiver = await receiverFor([200]);
    // Made while internal targets were allowed (the local server), delivered by a cloud-configured pipeline.
    const { dev, appId } = await webhookTo(receiver.url.replace('http://127.0.0.1', 'https://127.0.0.1'));
    const { queue, pipeline } = testPipeline({
      allowInternal: false,
      retry: { ...DEFAULT_RETRY_POLICY, schedule: [] },
    });
    await pipeline.fanOut(appId, 'license.purchased', {});
    await queue.whenIdle();
    const log = must((await logsOf(dev, appId))[0], 'a delivery log');
    expect(log).toMatchObject({ status_code: 0, error_kind: 'ssrf_blocked' });
    expect(log.response).toContain('127.0.0.1');
    expect(receiver.connections()).toBe(0);
  });
});

describe('replay and dead letters', () => {
  it('replays a failed delivery: the same payload and webhook-id, one more attempt', async () => {
    const receiver = await receiverFor([500, 200]);
    const { dev, appId, webhook } = await webhookTo(receiver.url);
    const { queue, pipeline } = testPipeline({ retry: { ...DEFAULT_RETRY_POLICY, schedule: [] } });
    const { delivery_ids } = await pipeline.fanOut(appId, 'license.purchased', { n: 1 });
    await queue.whenIdle();
    expect(await dynamoDeliveryStore.get(must(delivery_ids[0]))).toMatchObject({ status: 'failed' });
    const failed = must((await logsOf(dev, appId))[0], 'the failed delivery log');
    expect(failed).toMatchObject({ status_code: 500 });

    expect(await pipeline.replay(failed.id)).toEqual({ delivery_id: delivery_ids[0] });
    await queue.whenIdle();
    expect(receiver.received).toHaveLength(2);
    const [first, replayed] = [must(receiver.received[0]), must(receiver.received[1])];
    expect(replayed.body).toBe(first.body);
    expect(verify(webhook.secret, replayed)).toMatchObject({ data: { n: 1 } });
    expect((await logsOf(dev, appId)).map((l) => [l.status_code, l.retry_count])).toEqual([
      [200, 1],
      [500, 0],
    ]);
    expect(await dynamoDeliveryStore.get(must(delivery_ids[0]))).toMatchObject({ status: 'succeeded' });
  });

  it('moves a poison message to the dead-letter queue after the maximum receives', async () => {
    const { queue } = testPipeline();
    await queue.send('this is not json');
    await queue.send(JSON.stringify({ delivery_id: 42 }));
    await queue.whenIdle();
    expect(queue.deadLetters.map((m) => [m.body, m.receiveCount])).toEqual([
      ['this is not json', MAX_RECEIVE_COUNT],
      ['{"delivery_id":42}', MAX_RECEIVE_COUNT],
    ]);
  });
});
