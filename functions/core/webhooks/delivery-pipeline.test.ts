import { Webhook as StandardWebhook } from 'standardwebhooks';
import { assert, beforeEach, describe, expect, it } from 'vitest';
import {
  createDeliveryPipeline,
  DEFAULT_PIPELINE_OPTIONS,
  DISABLED_GONE,
  type PipelineOptions,
  PoisonMessageError,
  REPLAY_NOT_FAILED,
  REPLAY_RACE,
  REPLAY_WEBHOOK_GONE,
} from './delivery-pipeline';
import { generateSecret } from './signing';
import {
  MemoryDeliveryStore,
  MemoryLogStore,
  MemoryMailer,
  MemoryWebhookStore,
  manualClock,
  memoryApps,
  memoryUsers,
  RecordingQueue,
  ScriptedSender,
} from './testing';
import type { WebhookRecord } from './webhook';
import { WEBHOOK_DISABLED_SUBJECT } from './webhook-mails';

/** The first element of a list the test expects to be non-empty (it fails here when it is empty). */
function firstOf<T>(list: readonly T[]): T {
  const [item] = list;
  assert(item !== undefined, 'expected a non-empty list');
  return item;
}

const APP = { id: 'app-1', user_id: 'dev-1', name: 'Smile Reminders' };
const DAY = 24 * 3600 * 1000;

function webhook(overrides: Partial<WebhookRecord> = {}): WebhookRecord {
  return {
    id: 'wh-1',
    app_id: APP.id,
    user_id: APP.user_id,
    event_type: 'appointment.created',
    target_url: 'https://hooks.example.com/dental',
    secret: generateSecret(),
    is_active: true,
    created_at: '2025-01-01T00:00:00.000Z',
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    ...overrides,
  };
}

function setup(script: ConstructorParameters<typeof ScriptedSender>[0], options: Partial<PipelineOptions> = {}) {
  const webhooks = new MemoryWebhookStore();
  const deliveries = new MemoryDeliveryStore();
  const logs = new MemoryLogStore();
  const queue = new RecordingQueue();
  const sender = new ScriptedSender(script);
  const mailer = new MemoryMailer();
  const clock = manualClock();
  const app = { ...APP, listed: true };
  const pipeline = createDeliveryPipeline(
    {
      webhooks,
      deliveries,
      logs,
      queue,
      sender,
      mailer,
      apps: memoryApps([app]),
      users: memoryUsers({ [APP.user_id]: { email: 'dev@example.com', full_name: 'Dr Dev' } }),
      now: clock.now,
      random: () => 0.5, // no jitter
    },
    { ...DEFAULT_PIPELINE_OPTIONS, ...options },
  );
  /** Runs every queued message (and those they queue) until the queue is empty; returns the delays seen. */
  async function drain(): Promise<number[]> {
    const delays: number[] = [];
    for (let batch = queue.take(); batch.length > 0; batch = queue.take()) {
      for (const message of batch) {
        delays.push(message.delaySeconds);
        clock.advance(message.delaySeconds * 1000);
        await pipeline.handleMessage(message.body);
      }
    }
    return delays;
  }
  return { webhooks, deliveries, logs, queue, sender, mailer, clock, pipeline, drain, app };
}

describe('fan-out', () => {
  it('creates one delivery per active webhook of the event type and queues it at once', async () => {
    const t = setup([{ status: 200 }]);
    await t.webhooks.create(webhook({ id: 'a' }));
    await t.webhooks.create(webhook({ id: 'b', target_url: 'https://b.example.com/' }));
    await t.webhooks.create(webhook({ id: 'c', is_active: false }));
    await t.webhooks.create(webhook({ id: 'd', event_type: 'patient.created' }));
    await t.webhooks.create(webhook({ id: 'e', app_id: 'other-app' }));

    const summary = await t.pipeline.fanOut(APP.id, 'appointment.created', { appointment_id: 'ap-9' });
    expect(summary).toMatchObject({ webhooks: 2, queued: 2, event_type: 'appointment.created' });
    expect(summary.delivery_ids).toHaveLength(2);
    for (const id of summary.delivery_ids) expect(id).toMatch(/^msg_[0-9A-Z]{26}$/);
    expect(t.queue.sent.map((m) => JSON.parse(m.body))).toEqual(
      summary.delivery_ids.map((id) => ({ delivery_id: id, attempt: 0 })),
    );
    const stored = await t.deliveries.get(firstOf(summary.delivery_ids));
    assert(stored, 'the stored delivery');
    expect(JSON.parse(stored.payload)).toEqual({
      type: 'appointment.created',
      timestamp: '2025-03-01T09:00:00.000Z',
      data: { appointment_id: 'ap-9' },
      app_id: APP.id,
    });
  });

  it('answers 0 webhooks when none subscribes', async () => {
    const t = setup([{ status: 200 }]);
    expect(await t.pipeline.fanOut(APP.id, 'patient.created', {})).toEqual({
      webhooks: 0,
      queued: 0,
      event_type: 'patient.created',
      delivery_ids: [],
    });
  });

  it('keeps a delivery whose enqueue failed: the scheduler enqueues it at its watchdog time', async () => {
    const t = setup([{ status: 200 }]);
    await t.webhooks.create(webhook());
    t.queue.failNext = true;
    const summary = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    expect(summary).toMatchObject({ webhooks: 1, queued: 0 });
    expect(await t.pipeline.sweep()).toEqual({ enqueued: 0, disabled: 0 });
    t.clock.advance(DEFAULT_PIPELINE_OPTIONS.watchdogSeconds * 1000);
    expect(await t.pipeline.sweep()).toEqual({ enqueued: 1, disabled: 0 });
    await t.drain();
    expect(t.logs.items.map((l) => l.status_code)).toEqual([200]);
  });

  it('refuses oversized event data', async () => {
    const t = setup([{ status: 200 }], { maxPayloadBytes: 100 });
    await expect(t.pipeline.fanOut(APP.id, 'appointment.created', { note: 'x'.repeat(200) })).rejects.toThrow(
      /too large/,
    );
  });
});

describe('attempts', () => {
  it('signs each attempt so a Standard Webhooks library verifies it', async () => {
    const t = setup([{ status: 204 }]);
    const hook = webhook();
    await t.webhooks.create(hook);
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', { a: 1 });
    await t.drain();
    const request = firstOf(t.sender.requests);
    expect(request.headers['webhook-id']).toBe(delivery_ids[0]);
    expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(t.clock.now() / 1000));
    const verifier = new StandardWebhook(hook.secret);
    // The library checks the timestamp against the real clock: verify with a fresh signature of the same shape too.
    expect(request.headers['webhook-signature']).toBe(
      verifier.sign(firstOf(delivery_ids), new Date(Number(request.headers['webhook-timestamp']) * 1000), request.body),
    );
    expect(t.logs.items).toMatchObject([
      { status_code: 204, retry_count: 0, delivery_id: delivery_ids[0], error_kind: null },
    ]);
    expect((await t.deliveries.get(firstOf(delivery_ids)))?.status).toBe('succeeded');
  });

  it('retries 500, 500 then 200 on the schedule, with one webhook-id, logging every attempt', async () => {
    const t = setup([{ status: 500 }, { status: 500 }, { status: 200 }]);
    await t.webhooks.create(webhook());
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    const delays = await t.drain();
    expect(delays).toEqual([0, 5, 300]);
    expect(t.logs.items.map((l) => [l.status_code, l.retry_count, l.delivery_id])).toEqual([
      [500, 0, delivery_ids[0]],
      [500, 1, delivery_ids[0]],
      [200, 2, delivery_ids[0]],
    ]);
    expect(new Set(t.sender.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set(delivery_ids));
    expect((await t.deliveries.get(firstOf(delivery_ids)))?.status).toBe('succeeded');
    // The failure streak ended with the success.
    expect((await t.webhooks.findById('wh-1'))?.failing_since).toBeNull();
  });

  it('applies +-10% jitter', async () => {
    for (const [random, expected] of [
      [0, 4.5],
      [1, 5.5],
    ] as const) {
      const t = setup([{ status: 500 }, { status: 200 }]);
      const pipeline = createDeliveryPipeline(
        {
          ...{ webhooks: t.webhooks, deliveries: t.deliveries, logs: t.logs, queue: t.queue, sender: t.sender },
          mailer: t.mailer,
          apps: memoryApps([APP]),
          users: memoryUsers({}),
          now: t.clock.now,
          random: () => random,
        },
        DEFAULT_PIPELINE_OPTIONS,
      );
      await t.webhooks.create(webhook());
      await pipeline.fanOut(APP.id, 'appointment.created', {});
      await pipeline.handleMessage(firstOf(t.queue.take()).body);
      expect(t.queue.take()[0]?.delaySeconds).toBeCloseTo(expected, 5);
    }
  });

  it('honours Retry-After (seconds or HTTP date) within 5 s and 24 h', async () => {
    const cases: Array<[string, number]> = [
      ['120', 120],
      ['1', 5],
      ['999999', 24 * 3600],
    ];
    for (const [header, expected] of cases) {
      const t = setup([{ status: 429, retryAfter: header }, { status: 200 }]);
      await t.webhooks.create(webhook());
      await t.pipeline.fanOut(APP.id, 'appointment.created', {});
      await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
      if (expected <= 900) expect(t.queue.take()[0]?.delaySeconds).toBe(expected);
      else {
        expect(t.queue.take()).toEqual([]);
        const [d] = t.deliveries.items.values();
        expect(d?.due_at).toBe(t.clock.now() + expected * 1000);
      }
    }
    const t = setup([{ status: 503, retryAfter: new Date(Date.parse('2025-03-01T09:10:00.000Z')).toUTCString() }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
    expect(t.queue.take()[0]?.delaySeconds).toBe(600);
  });

  it('keeps retries longer than 15 minutes as due deliveries that the scheduler enqueues when due', async () => {
    const t = setup([{ status: 500 }], { retry: { ...DEFAULT_PIPELINE_OPTIONS.retry, schedule: [3600, 7200] } });
    await t.webhooks.create(webhook());
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.drain();
    expect(t.logs.items).toHaveLength(1);
    expect((await t.deliveries.get(firstOf(delivery_ids)))?.due_at).toBe(t.clock.now() + 3600_000);
    t.clock.advance(3599_000);
    expect((await t.pipeline.sweep()).enqueued).toBe(0);
    t.clock.advance(1000);
    expect((await t.pipeline.sweep()).enqueued).toBe(1);
    // A second scheduler run at the same moment does not enqueue it again.
    expect((await t.pipeline.sweep()).enqueued).toBe(0);
    await t.drain();
    expect(t.logs.items.map((l) => l.retry_count)).toEqual([0, 1]);
  });

  it('gives up when the schedule is exhausted', async () => {
    const t = setup([{ status: 500 }], { retry: { ...DEFAULT_PIPELINE_OPTIONS.retry, schedule: [1, 2] } });
    await t.webhooks.create(webhook());
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    expect(await t.drain()).toEqual([0, 1, 2]);
    expect(t.logs.items).toHaveLength(3);
    expect(await t.deliveries.get(firstOf(delivery_ids))).toMatchObject({
      status: 'failed',
      outcome: 'retries exhausted',
    });
  });

  it('ignores duplicate and stale messages (at-least-once queue)', async () => {
    const t = setup([{ status: 500 }, { status: 200 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    const first = firstOf(t.queue.take());
    expect(await t.pipeline.handleMessage(first.body)).toBe('retry');
    expect(await t.pipeline.handleMessage(first.body)).toBe('skipped');
    expect(t.sender.requests).toHaveLength(1);
  });

  it('takes over an attempt whose worker vanished once its lease ran out', async () => {
    const t = setup([{ status: 200 }]);
    await t.webhooks.create(webhook());
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    const id = firstOf(delivery_ids);
    // A worker claimed attempt 0 and died.
    await t.deliveries.claim(id, 0, t.clock.now() + 1000, t.clock.now());
    const message = firstOf(t.queue.take());
    expect(await t.pipeline.handleMessage(message.body)).toBe('skipped');
    t.clock.advance(1001);
    expect(await t.pipeline.handleMessage(message.body)).toBe('succeeded');
  });

  it('stops when the webhook was deleted or disabled before the attempt', async () => {
    const t = setup([{ status: 500 }]);
    const hook = webhook();
    await t.webhooks.create(hook);
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
    await t.webhooks.delete(hook);
    expect(await t.drain()).toEqual([5]);
    expect(t.sender.requests).toHaveLength(1);
    expect(await t.deliveries.get(firstOf(delivery_ids))).toMatchObject({
      status: 'cancelled',
      outcome: 'webhook deleted',
    });
  });

  it("stops a practice's events, not the platform's, once the app is no longer listed", async () => {
    const t = setup([{ status: 500 }, { status: 200 }]);
    await t.webhooks.create(webhook());
    await t.webhooks.create(webhook({ id: 'wh-2', event_type: 'license.revoked' }));
    const practice = await t.pipeline.fanOut(
      APP.id,
      'appointment.created',
      {},
      {
        sourceEventId: 'evt-1',
        practiceEvent: true,
      },
    );
    await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
    // Suspended (or deleted) while the practice's event waits for its retry.
    t.app.listed = false;
    const platform = await t.pipeline.fanOut(APP.id, 'license.revoked', {});
    await t.drain();
    expect(await t.deliveries.get(firstOf(practice.delivery_ids))).toMatchObject({
      status: 'cancelled',
      outcome: 'app not listed: practice events stopped',
    });
    expect(await t.deliveries.get(firstOf(platform.delivery_ids))).toMatchObject({ status: 'succeeded' });
    expect(t.sender.requests).toHaveLength(2);
  });

  it('disables the webhook at once on 410 Gone and tells the developer', async () => {
    const t = setup([{ status: 410 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    expect(await t.drain()).toEqual([0]);
    expect(await t.webhooks.findById('wh-1')).toMatchObject({ is_active: false, disabled_reason: DISABLED_GONE });
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: 'dev@example.com', subject: WEBHOOK_DISABLED_SUBJECT });
    expect(t.mailer.sent[0]?.text).toContain('Smile Reminders');
    expect(t.mailer.sent[0]?.text).toContain('/dashboard/apps');
  });

  it('disables an endpoint that has failed every attempt for 5 days (at the attempt, and by the sweep)', async () => {
    const t = setup([{ status: 500 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
    const since = (await t.webhooks.findById('wh-1'))?.failing_since;
    expect(since).toBe('2025-03-01T09:00:00.000Z');
    t.clock.advance(5 * DAY - 1000);
    expect(await t.pipeline.sweep()).toMatchObject({ disabled: 0 });
    // A new event fails after the 5 days: disabled at that attempt.
    t.clock.advance(2000);
    t.queue.take();
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    expect(await t.pipeline.handleMessage(firstOf(t.queue.take()).body)).toBe('disabled');
    expect((await t.webhooks.findById('wh-1'))?.is_active).toBe(false);
    expect(t.mailer.sent).toHaveLength(1);

    // The sweep finds an endpoint that stopped getting events.
    const s = setup([{ status: 500 }]);
    await s.webhooks.create(webhook({ failing_since: '2025-02-20T00:00:00.000Z' }));
    expect(await s.pipeline.sweep()).toEqual({ enqueued: 0, disabled: 1 });
    expect(await s.pipeline.sweep()).toEqual({ enqueued: 0, disabled: 0 });
    expect(s.mailer.sent).toHaveLength(1);
  });

  it('logs network failures with status 0 and their error kind', async () => {
    const t = setup([{ status: 0, errorKind: 'timeout', body: 'Timed out after 15000 ms' }, { status: 200 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.drain();
    expect(t.logs.items.map((l) => [l.status_code, l.error_kind, l.response])).toEqual([
      [0, 'timeout', 'Timed out after 15000 ms'],
      [200, null, 'ok'],
    ]);
  });

  it('treats a redirect as a failure', async () => {
    const t = setup([{ status: 302, errorKind: 'redirect' }, { status: 200 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    expect(await t.drain()).toEqual([0, 5]);
  });
});

describe('poison messages', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup([{ status: 200 }]);
  });
  it.each(['not json', '{"delivery_id": 5}', '{"delivery_id":"msg_x","attempt":-1}', '[]'])(
    'throws PoisonMessageError for %s',
    async (body) => {
      await expect(t.pipeline.handleMessage(body)).rejects.toBeInstanceOf(PoisonMessageError);
    },
  );
  it('skips a message for a delivery that does not exist', async () => {
    expect(await t.pipeline.handleMessage('{"delivery_id":"msg_GONE","attempt":0}')).toBe('skipped');
  });
});

describe('replay', () => {
  it('sends the same payload with the same webhook-id as one more attempt of a failed delivery', async () => {
    const t = setup([{ status: 500 }, { status: 200 }], {
      retry: { ...DEFAULT_PIPELINE_OPTIONS.retry, schedule: [] },
    });
    await t.webhooks.create(webhook());
    const { delivery_ids } = await t.pipeline.fanOut(APP.id, 'appointment.created', { x: 1 });
    await t.drain();
    const failed = firstOf(t.logs.items);
    expect(await t.deliveries.get(firstOf(delivery_ids))).toMatchObject({ status: 'failed' });

    expect(await t.pipeline.replay(failed.id)).toEqual({ delivery_id: delivery_ids[0] });
    await t.drain();
    expect(t.logs.items.map((l) => [l.status_code, l.retry_count, l.delivery_id])).toEqual([
      [500, 0, delivery_ids[0]],
      [200, 1, delivery_ids[0]],
    ]);
    expect(t.sender.requests[0]?.body).toBe(t.sender.requests[1]?.body);
    expect(await t.deliveries.get(firstOf(delivery_ids))).toMatchObject({ status: 'succeeded', no_retry: true });
  });

  it('brings the next attempt of a still-retrying delivery forward (the old message goes stale)', async () => {
    const t = setup([{ status: 500 }, { status: 200 }]);
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.pipeline.handleMessage(firstOf(t.queue.take()).body);
    const scheduled = firstOf(t.queue.take());
    await t.pipeline.replay(firstOf(t.logs.items).id);
    const replayed = firstOf(t.queue.take());
    expect(replayed.delaySeconds).toBe(0);
    expect(await t.pipeline.handleMessage(replayed.body)).toBe('succeeded');
    expect(await t.pipeline.handleMessage(scheduled.body)).toBe('skipped');
    expect(t.logs.items.map((l) => [l.status_code, l.retry_count])).toEqual([
      [500, 0],
      [200, 1],
    ]);
  });

  it('reads the delivery again when its attempt was still recording itself; asks to try again only after 3 reads', async () => {
    const t = setup([{ status: 500 }, { status: 200 }], {
      retry: { ...DEFAULT_PIPELINE_OPTIONS.retry, schedule: [] },
    });
    await t.webhooks.create(webhook());
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.drain();
    const reopen = t.deliveries.reopen.bind(t.deliveries);
    let refusals = 1;
    // The first reopen finds the delivery changed (its attempt wrote the log first, then itself).
    t.deliveries.reopen = async (...args) => (refusals-- > 0 ? undefined : reopen(...args));
    await expect(t.pipeline.replay(firstOf(t.logs.items).id)).resolves.toMatchObject({
      delivery_id: expect.any(String),
    });
    expect(t.queue.take()).toHaveLength(1);

    let reads = 0;
    t.deliveries.reopen = async () => {
      reads++;
      return undefined;
    };
    await expect(t.pipeline.replay(firstOf(t.logs.items).id)).rejects.toMatchObject({
      status: 409,
      message: REPLAY_RACE,
    });
    expect(reads).toBe(3);
  });

  it('refuses successes, unknown logs and deliveries whose webhook is gone', async () => {
    const t = setup([{ status: 200 }]);
    const hook = webhook();
    await t.webhooks.create(hook);
    await t.pipeline.fanOut(APP.id, 'appointment.created', {});
    await t.drain();
    await expect(t.pipeline.replay(firstOf(t.logs.items).id)).rejects.toMatchObject({
      status: 409,
      message: REPLAY_NOT_FAILED,
    });
    await expect(t.pipeline.replay('nope')).rejects.toMatchObject({ status: 404 });

    const f = setup([{ status: 500 }]);
    await f.webhooks.create(hook);
    await f.pipeline.fanOut(APP.id, 'appointment.created', {});
    await f.pipeline.handleMessage(firstOf(f.queue.take()).body);
    await f.webhooks.delete(hook);
    await expect(f.pipeline.replay(firstOf(f.logs.items).id)).rejects.toMatchObject({
      status: 409,
      message: REPLAY_WEBHOOK_GONE,
    });
  });
});
