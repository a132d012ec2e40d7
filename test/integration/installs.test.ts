/**
 * Installs (core/installs): the buyer's list, grant and revoke, and the developer's paged
 * GET /v1/installs; a revoke tells the developer's webhook install.revoked, signed the Standard
 * Webhooks way. The routing of practice events through installs: practice-event-routing.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { AdminAppCursorPage } from '@shared/schemas/admin-lists';
import type { CheckoutSession } from '@shared/schemas/checkout';
import type { BuyerInstall, DeveloperInstall } from '@shared/schemas/installs';
import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import type { Webhook } from '@shared/schemas/webhooks';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateItem } from '../../functions/adapters/dynamodb/dynamo';
import { appKey } from '../../functions/adapters/dynamodb/keys';
import { countInstallsOfApp } from '../../functions/adapters/dynamodb/migrations';
import { dynamoPermissionsStore } from '../../functions/adapters/dynamodb/permissions-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { adminToken, api, approvedDeveloper, type Developer, newPractice } from '../support/api';
import { installOf as installOfApp } from '../support/installs';
import { must } from '../support/must';
import { type Receiver, startReceiver, waitFor } from '../support/receiver';
import { createApp, testApp } from './checkout-fixtures';

const EVENT = 'appointment.created';
let dev: Developer;
let key: string;
let app: AppRecord;
let receiver: Receiver;
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const practices: Developer[] = [];
const practice = (n: number) => must(practices[n], `practice ${n}`);

/** The buyer's install of the app, once the delivery of its free licence (queued) has made it. */
const installOf = (who: Developer) => installOfApp(who, app.id);
const v1 = <T>(path: string, apiKey = key) => api<T>('GET', path, { headers: { 'x-api-key': apiKey } });

beforeAll(async () => {
  [dev, receiver] = await Promise.all([approvedDeveloper(), startReceiver([200])]);
  const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
  expect(created.status).toBe(201);
  key = created.body.key;
  app = testApp(dev.id, 'installs', { is_approved: true, type: 'public', pricing_model: 'free', price_cents: 0 });
  await createApp(app);
  await dynamoPermissionsStore.put(app.id, {
    features: [],
    event_types: [{ id: EVENT, description: EVENT }],
    baa_signed: true,
    baa_url: 'https://example.com/baa',
    updated_at: new Date().toISOString(),
  });
  const hook = await api<Webhook>('POST', `/api/apps/${app.id}/webhooks`, {
    token: dev.token,
    body: { event_type: 'install.revoked', target_url: receiver.url, secret },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  // Three practices take the free app, two accepting its permissions at checkout.
  for (const accept of [true, true, false]) {
    const practice = await newPractice();
    const res = await api<CheckoutSession>('POST', '/api/stripe/create-checkout-session', {
      token: practice.token,
      body: { app_id: app.id, ...(accept ? { accept_permissions: true } : {}) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    practices.push(practice);
  }
}, 120_000);

afterAll(async () => {
  await receiver?.close();
});

describe('installs', () => {
  it("the buyer sees each licensed app's access; the grant accepted at checkout is active", async () => {
    const [first, third] = [practice(0), practice(2)];
    expect(await installOf(first)).toMatchObject({
      app_id: app.id,
      status: 'active',
      granted: { event_types: [EVENT], features: [] },
      app: { id: app.id, name: app.name, slug: app.slug },
      installed_at: expect.any(String),
      revoked_at: null,
    });
    const pending = await installOf(third);
    expect(pending).toMatchObject({ status: 'pending', granted: { event_types: [] }, declaration_version: null });
    // A pending install shows what the app asks for.
    expect(pending.requested).toEqual({ event_types: [EVENT], features: [] });
  });

  it('a buyer cannot grant or revoke another buyer’s install: 404, and nothing changes', async () => {
    const [first, second] = [practice(0), practice(1)];
    const theirs = await installOf(first);
    for (const action of ['grant', 'revoke']) {
      const res = await api('POST', `/api/installs/${theirs.id}/${action}`, { token: second.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Install not found' });
    }
    expect((await installOf(first)).status).toBe('active');
  });

  it('a revoke stops the access, tells the developer (install.revoked, Standard Webhooks) and can be granted again', async () => {
    const first = practice(0);
    const install = await installOf(first);
    const res = await api<BuyerInstall>('POST', `/api/installs/${install.id}/revoke`, { token: first.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: install.id, status: 'revoked', revoked_at: expect.any(String) });

    const got = await waitFor(() => receiver.received.find((r) => r.body.includes(install.id)));
    const payload = new StandardWebhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    }) as { type: string; data: DeveloperInstall & { install_id: string } };
    expect(payload.type).toBe('install.revoked');
    expect(payload.data).toMatchObject({
      install_id: install.id,
      app_id: app.id,
      status: 'revoked',
      customer_email: first.email,
      practice_id: expect.stringMatching(/^prac_/),
    });

    const again = await api<BuyerInstall>('POST', `/api/installs/${install.id}/grant`, { token: first.token });
    expect(again.body).toMatchObject({ status: 'active', revoked_at: null, granted: { event_types: [EVENT] } });
  });

  it('GET /v1/installs pages through the app’s installs with the practice id and the customer e-mail', async () => {
    await Promise.all(practices.map(installOf));
    const first = await v1<{ items: DeveloperInstall[]; next_cursor: string | null }>(
      `/v1/installs?app_id=${app.id}&limit=2`,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items).toHaveLength(2);
    const cursor = must(first.body.next_cursor, 'a next page');
    const second = await v1<{ items: DeveloperInstall[]; next_cursor: string | null }>(
      `/v1/installs?app_id=${app.id}&limit=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((i) => i.id)).size).toBe(3);
    expect(all.map((i) => i.customer_email).sort()).toEqual(practices.map((p) => p.email).sort());
    expect(new Set(all.map((i) => i.practice_id)).size).toBe(3);
    for (const i of all) expect(i).not.toHaveProperty('buyer_id');

    const missing = await v1('/v1/installs');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: expect.stringContaining('app_id') });
    const badCursor = await v1(`/v1/installs?app_id=${app.id}&cursor=bm90LWEtY3Vyc29y`);
    expect(badCursor.status).toBe(400);
  });

  it("App Management's Installs column counts the app's active installs exactly: grant, revoke, and both at once", async () => {
    const token = await adminToken();
    const shown = async () => {
      const res = await api<AdminAppCursorPage>('GET', `/api/admin/apps?limit=5&q=${encodeURIComponent(app.name)}`, {
        token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return must(
        res.body.items.find((a) => a.id === app.id),
        'the app in App Management',
      ).installs;
    };
    const active = async () =>
      (await Promise.all(practices.map(installOf))).filter((i) => i.status === 'active').length;
    // Two accepted at checkout (the first revoked and granted again above); the third is pending.
    expect(await active()).toBe(2);
    expect(await shown()).toBe(2);

    const third = practice(2);
    const pending = await installOf(third);
    const granted = await api('POST', `/api/installs/${pending.id}/grant`, { token: third.token });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(await shown()).toBe(3);

    const revoked = await api('POST', `/api/installs/${pending.id}/revoke`, { token: third.token });
    expect(revoked.status).toBe(200);
    expect(await shown()).toBe(2);

    // A grant and a revoke of one install at once: one of them wins (the other answers 409 or
    // follows it), and the counter says what the installs say.
    const answers = await Promise.all(
      ['grant', 'revoke'].map((action) => api('POST', `/api/installs/${pending.id}/${action}`, { token: third.token })),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const now = await active();
    expect(await shown()).toBe(now);

    // A store from before the counter (here: a counter gone wrong) gets it from the install-counters migration.
    await updateItem(appKey(app.id), {
      UpdateExpression: 'SET active_installs = :n',
      ExpressionAttributeValues: { ':n': 99 },
    });
    expect(await countInstallsOfApp(app.id)).toBe(now);
    expect(await shown()).toBe(now);
  });
});
