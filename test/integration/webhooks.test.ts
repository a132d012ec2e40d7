/**
 * Webhooks over HTTP, against the local server with its default configuration (internal
 * targets allowed, 15 s timeout, the in-process queue and its consumer in the server process):
 * the event catalogue, an app's webhooks with the spec's validation texts and owner-only access,
 * a test event delivered to a receiver this test starts on loopback and verified with the
 * official standardwebhooks library, the developer's and the admin's logs, and replay.
 * The pipeline's retry, timeout and SSRF behaviour is tested in webhook-delivery.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@shared/messages';
import type { WebhookLog } from '@shared/schemas/admin-users';
import {
  SECRET_FORMAT,
  type SimulateEventResponse,
  WEBHOOK_DELETED,
  WEBHOOK_NOT_FOUND,
  type Webhook,
  type WebhookDeliveryLog,
} from '@shared/schemas/webhooks';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { dynamoWebhookStore } from '../../functions/adapters/dynamodb/webhooks-repo';
import { PLATFORM_EVENT_TYPES } from '../../functions/core/webhooks/event-catalogue';
import { adminToken, api, approvedDeveloper } from '../support/api';
import { must } from '../support/must';
import { startReceiver, waitFor } from '../support/receiver';

async function insertApp(ownerId: string, name = 'Webhook Test App') {
  const id = `app-${randomUUID()}`;
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: `APP#${id}`,
        SK: 'APP',
        GSI1PK: `OWNER#${ownerId}`,
        GSI1SK: `APP#${new Date().toISOString()}#${id}`,
        entity: 'App',
        id,
        user_id: ownerId,
        name,
        type: 'public',
        slug: id,
      },
    }),
  );
  return id;
}

const signatureHeaders = (h: IncomingHttpHeaders) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

let dev: Awaited<ReturnType<typeof approvedDeveloper>>;
let other: Awaited<ReturnType<typeof approvedDeveloper>>;
let admin: string;
let appId: string;
const receivers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  [dev, other, admin] = await Promise.all([approvedDeveloper(), approvedDeveloper(), adminToken()]);
  appId = await insertApp(dev.id);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe('GET /api/event-types', () => {
  it('lists only the names of types the platform can emit: the licence events and the synced catalogue', async () => {
    const res = await api<string[]>('GET', '/api/event-types', { token: dev.token });
    expect(res.status).toBe(200);
    // The platform's, and (once another test has run the internal sync) the catalogue's own.
    const catalogue = (
      await api<{ event_types: Array<{ id: string }> }>('GET', '/api/internal-sync/event-types', { token: admin })
    ).body.event_types.map((e) => e.id);
    expect(res.body).toEqual([...new Set([...PLATFORM_EVENT_TYPES.map((e) => e.name), ...catalogue])].sort());
    // The former placeholders (nothing emits them) are gone.
    for (const gone of ['appointment.scheduled', 'claim.paid', 'recall.due']) expect(res.body).not.toContain(gone);
  });

  it('shows a webhook on a type that no longer exists as such to its owner', async () => {
    const oldApp = await insertApp(dev.id, 'Old Hooks App');
    const live = await api<Webhook>('POST', `/api/apps/${oldApp}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.purchased', target_url: 'http://127.0.0.1:9009/live' },
    });
    expect(live.status).toBe(201);
    expect(live.body.event_type_available).toBe(true);
    // Made when the placeholder types were offered (the store keeps any webhook it is given).
    await dynamoWebhookStore.create(
      {
        id: `wh-old-${oldApp}`,
        app_id: oldApp,
        user_id: dev.id,
        event_type: 'recall.due',
        target_url: 'http://127.0.0.1:9009/old',
        secret: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
        is_active: true,
        created_at: '2024-01-01T00:00:00.000Z',
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
      },
      { max: 1000, existing: 1 },
    );
    const list = await api<Webhook[]>('GET', `/api/apps/${oldApp}/webhooks`, { token: dev.token });
    expect(list.body.map((w) => [w.event_type, w.event_type_available])).toEqual([
      ['recall.due', false],
      ['license.purchased', true],
    ]);
  });
});

describe('an app’s webhooks', () => {
  it('creates with a generated whsec_ secret, lists it, deletes it', async () => {
    const created = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: {
        event_type: 'license.purchased',
        target_url: 'http://127.0.0.1:9009/patients',
        secret: '',
        is_active: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      app_id: appId,
      event_type: 'license.purchased',
      target_url: 'http://127.0.0.1:9009/patients',
      is_active: true,
      disabled_reason: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret's key is 24 random bytes, usable by any Standard Webhooks library.
    expect(() => new StandardWebhook(created.body.secret)).not.toThrow();

    // Shown once: the list carries only the first 10 characters.
    const list = await api('GET', `/api/apps/${appId}/webhooks`, { token: dev.token });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({ ...created.body, secret: created.body.secret.slice(0, 10) });
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    expect((await api('DELETE', `/api/webhooks/${created.body.id}`, { token: other.token })).body).toEqual({
      detail: WEBHOOK_NOT_FOUND,
    });
    const del = await api('DELETE', `/api/webhooks/${created.body.id}`, { token: dev.token });
    expect(del).toMatchObject({ status: 200, body: { message: WEBHOOK_DELETED } });
    const after = await api<Webhook[]>('GET', `/api/apps/${appId}/webhooks`, { token: dev.token });
    expect(after.body.map((w) => w.id)).not.toContain(created.body.id);
    expect((await api('DELETE', `/api/webhooks/${created.body.id}`, { token: dev.token })).status).toBe(404);
  });

  it("signs with the bytes of a developer's own secret of at least 24 characters; refuses a shorter one", async () => {
    const receiver = await startReceiver([200]);
    receivers.push(receiver);
    const own = 'our-shared-dental-secret-2025';
    const hook = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.revoked', target_url: receiver.url, secret: own },
    });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toBe(own);
    const short = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.revoked', target_url: 'http://127.0.0.1:9009/short', secret: 'x'.repeat(23) },
    });
    expect(short).toMatchObject({ status: 400, body: { detail: SECRET_FORMAT } });

    const sent = await api<SimulateEventResponse>('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: appId, event_type: 'license.revoked', data: { test: true } },
    });
    expect(sent.status).toBe(200);
    const delivery = must((await waitFor(() => (receiver.received.length ? receiver.received : undefined)))[0]);
    const verified = new StandardWebhook(own, { format: 'raw' }).verify(
      delivery.body,
      signatureHeaders(delivery.headers),
    );
    expect(verified).toMatchObject({ type: 'license.revoked', app_id: appId });
  });

  it('keeps a provided whsec_ secret and refuses a malformed one', async () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    const ok = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.revoked', target_url: 'http://127.0.0.1:9009/claims', secret },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.secret).toBe(secret);
    const bad = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.revoked', target_url: 'http://127.0.0.1:9009/other', secret: 'hunter2' },
    });
    expect(bad).toMatchObject({ status: 400, body: { detail: SECRET_FORMAT } });
  });

  it.each([
    [{}],
    [{ event_type: 'license.purchased' }],
    [{ target_url: 'https://hooks.example.com/x' }],
    [{ event_type: '  ', target_url: 'https://hooks.example.com/x' }],
    [{ event_type: 'license.purchased', target_url: '' }],
  ])("answers 'Please fill in all required fields' for %j", async (body) => {
    const res = await api('POST', `/api/apps/${appId}/webhooks`, { token: dev.token, body });
    expect(res).toMatchObject({ status: 400, body: { detail: MSG.fillAllWebhookFields } });
  });

  it('refuses unknown event types and non-http(s) URLs', async () => {
    const unknown = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'patient.exploded', target_url: 'https://hooks.example.com/x' },
    });
    expect(unknown).toMatchObject({ status: 400, body: { detail: 'Unknown event type: patient.exploded' } });
    const ftp = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.purchased', target_url: 'ftp://hooks.example.com/x' },
    });
    expect(ftp).toMatchObject({ status: 400, body: { detail: 'target_url must be an http:// or https:// URL' } });
  });

  it("answers 404 'App not found' for another developer's app and for a missing one", async () => {
    for (const id of [appId, `app-${randomUUID()}`]) {
      const token = id === appId ? other.token : dev.token;
      for (const [method, path, body] of [
        ['GET', `/api/apps/${id}/webhooks`, undefined],
        ['POST', `/api/apps/${id}/webhooks`, { event_type: 'license.purchased', target_url: 'http://127.0.0.1:9009/' }],
        ['GET', `/api/apps/${id}/webhook-logs`, undefined],
        ['POST', '/api/simulate-event', { app_id: id, event_type: 'license.purchased' }],
      ] as const) {
        const res = await api(method, path, { token, body });
        expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { detail: MSG.appNotFound } });
      }
    }
  });
});

describe('test events, logs and replay', () => {
  it('delivers a signed test event that the standardwebhooks library verifies; the log shows 200 for owner and admin', async () => {
    const receiver = await startReceiver([200]);
    receivers.push(receiver);
    const hook = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.purchased', target_url: receiver.url },
    });
    expect(hook.status).toBe(201);

    const sent = await api<SimulateEventResponse>('POST', '/api/simulate-event', {
      token: dev.token,
      body: {
        app_id: appId,
        event_type: 'license.purchased',
        data: { test: true, timestamp: new Date().toISOString(), message: 'Hello from the test' },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.summary).toMatchObject({ webhooks: 1, queued: 1, event_type: 'license.purchased' });
    expect(sent.body.summary.delivery_ids).toEqual([expect.stringMatching(/^msg_/)]);
    expect(sent.body.message).toBe('Test event license.purchased queued for 1 webhook');

    const delivery = must((await waitFor(() => (receiver.received.length ? receiver.received : undefined)))[0]);
    const verified = new StandardWebhook(hook.body.secret).verify(delivery.body, signatureHeaders(delivery.headers));
    expect(verified).toEqual({
      type: 'license.purchased',
      timestamp: expect.any(String),
      data: { test: true, timestamp: expect.any(String), message: 'Hello from the test' },
      app_id: appId,
    });
    expect(delivery.headers['webhook-id']).toBe(sent.body.summary.delivery_ids[0]);
    expect(delivery.headers['content-type']).toBe('application/json');

    const logs = await waitFor(async () => {
      const res = await api<WebhookDeliveryLog[]>('GET', `/api/apps/${appId}/webhook-logs`, { token: dev.token });
      return res.body.find((l) => l.delivery_id === sent.body.summary.delivery_ids[0]) ? res.body : undefined;
    });
    const log = must(
      logs.find((l) => l.delivery_id === sent.body.summary.delivery_ids[0]),
      'the delivery log',
    );
    expect(log).toMatchObject({
      app_id: appId,
      webhook_id: hook.body.id,
      event_type: 'license.purchased',
      target_url: receiver.url,
      status_code: 200,
      response: 'answered 200',
      retry_count: 0,
      error_kind: null,
    });
    expect(log.response_time_ms).toEqual(expect.any(Number));
    expect(JSON.stringify(logs)).not.toContain(hook.body.secret);

    const adminLogs = await api<WebhookDeliveryLog[]>('GET', '/api/admin/logs?limit=100', { token: admin });
    expect(adminLogs.status).toBe(200);
    const seen = adminLogs.body.find((l) => l.id === log.id);
    expect(seen).toMatchObject({ status_code: 200, delivery_id: log.delivery_id, created_at: log.created_at });
    const times = adminLogs.body.map((l) => l.created_at);
    expect(times).toEqual([...times].sort().reverse());

    // The admin's view of the developer shows it too (the user page's webhook-logs table).
    const userLogs = await api<WebhookLog[]>('GET', `/api/admin/users/${dev.id}/logs`, { token: admin });
    expect(userLogs.body.map((l) => l.id)).toContain(log.id);

    // A success is not replayed.
    const replay = await api('POST', `/api/admin/logs/${log.id}/replay`, { token: admin });
    expect(replay.status).toBe(409);
  });

  it('replays a failed delivery with the same payload and webhook-id', async () => {
    const receiver = await startReceiver([500, 200]);
    receivers.push(receiver);
    const replayApp = await insertApp(dev.id, 'Replay App');
    await api('POST', `/api/apps/${replayApp}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.revoked', target_url: receiver.url },
    });
    const sent = await api<SimulateEventResponse>('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: replayApp, event_type: 'license.revoked', data: { test: true, message: 'x' } },
    });
    const failed = await waitFor(async () => {
      const res = await api<WebhookDeliveryLog[]>('GET', `/api/apps/${replayApp}/webhook-logs`, { token: dev.token });
      return res.body.find((l) => l.status_code === 500);
    });
    expect(failed).toMatchObject({ error_kind: 'http_error', response: 'answered 500' });

    const replay = await api('POST', `/api/admin/logs/${failed.id}/replay`, { token: admin });
    expect(replay).toMatchObject({
      status: 200,
      body: { message: MSG.webhookReplayed, delivery_id: sent.body.summary.delivery_ids[0] },
    });
    await waitFor(() => (receiver.received.length >= 2 ? true : undefined));
    const [first, second] = [must(receiver.received[0]), must(receiver.received[1])];
    expect(second.body).toBe(first.body);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const logs = await waitFor(async () => {
      const res = await api<WebhookDeliveryLog[]>('GET', `/api/apps/${replayApp}/webhook-logs`, { token: dev.token });
      return res.body.length >= 2 ? res.body : undefined;
    });
    // Newest first: the failure, then the replayed attempt (retry_count goes on counting).
    const pairs = logs.map((l) => [l.status_code, l.retry_count]);
    expect(pairs.at(-1)).toEqual([500, 0]);
    expect(pairs[0]).toEqual([200, pairs.length - 1]);
  });

  it('answers simulate-event with 0 webhooks when none subscribes, and 400 without the fields', async () => {
    const quietApp = await insertApp(dev.id, 'Quiet App');
    const res = await api('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: quietApp, event_type: 'license.revoked', data: { test: true } },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        summary: { webhooks: 0, queued: 0, event_type: 'license.revoked', delivery_ids: [] },
        message: 'No active webhooks for license.revoked on this app: nothing was sent',
      },
    });
    const missing = await api('POST', '/api/simulate-event', { token: dev.token, body: { app_id: appId } });
    expect(missing).toMatchObject({ status: 400, body: { detail: 'app_id and event_type are required' } });
  });

  it('limits log lists to 1..500 entries', async () => {
    for (const limit of ['0', '501', 'abc']) {
      expect((await api('GET', `/api/admin/logs?limit=${limit}`, { token: admin })).status).toBe(400);
      expect((await api('GET', `/api/apps/${appId}/webhook-logs?limit=${limit}`, { token: dev.token })).status).toBe(
        400,
      );
    }
    const one = await api('GET', '/api/admin/logs?limit=1', { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.length).toBeLessThanOrEqual(1);
  });
});

describe('admin webhook log routes', () => {
  it('are for admins only', async () => {
    expect((await api('GET', '/api/admin/logs?limit=100')).status).toBe(401);
    expect((await api('GET', '/api/admin/logs?limit=100', { token: dev.token })).status).toBe(403);
    expect((await api('POST', `/api/admin/logs/${randomUUID()}/replay`, { token: dev.token })).status).toBe(403);
    expect((await api('GET', '/api/event-types', { token: admin })).status).toBe(403);
  });

  it('answers 404 for an unknown log', async () => {
    const res = await api('POST', `/api/admin/logs/${randomUUID()}/replay`, { token: admin });
    expect(res).toMatchObject({ status: 404, body: { detail: 'Webhook log not found' } });
  });
});
