import { MSG } from '@shared/messages';
import { SECRET_FORMAT, WEBHOOK_NOT_FOUND } from '@shared/schemas/webhooks';
import { describe, expect, it } from 'vitest';
import type { DeliveryPipeline } from './delivery-pipeline';
import type { TargetChecker } from './ports';
import { MemoryLogStore, MemoryWebhookStore, memoryApps, memoryEventTypes } from './testing';
import {
  createWebhooksService,
  DUPLICATE_WEBHOOK,
  MAX_WEBHOOKS_PER_APP,
  TOO_MANY_WEBHOOKS,
  targetUrlProblem,
  URL_HAS_CREDENTIALS,
  URL_NEEDS_HTTPS,
  URL_NOT_HTTP,
} from './webhooks-service';

const OWNER = 'dev-1';
const OTHER = 'dev-2';
const APP = { id: 'app-1', user_id: OWNER, name: 'Recall Pro' };

function setup(opts: { allowInternal?: boolean; checker?: TargetChecker; stored?: string[] } = {}) {
  const webhooks = new MemoryWebhookStore();
  const logs = new MemoryLogStore();
  const fanOuts: Array<{ appId: string; eventType: string; data: unknown }> = [];
  const pipeline: Pick<DeliveryPipeline, 'fanOut' | 'replay'> = {
    async fanOut(appId, eventType, data) {
      fanOuts.push({ appId, eventType, data });
      const n = (await webhooks.listByApp(appId)).filter((w) => w.event_type === eventType).length;
      return { webhooks: n, queued: n, event_type: eventType, delivery_ids: Array.from({ length: n }, () => 'msg_X') };
    },
    async replay() {
      return { delivery_id: 'msg_R' };
    },
  };
  const service = createWebhooksService({
    webhooks,
    logs,
    apps: memoryApps([APP, { id: 'app-2', user_id: OTHER, name: 'Other' }]),
    eventTypes: memoryEventTypes(opts.stored),
    checkTarget: opts.checker ?? (async () => ({ ok: true })),
    pipeline,
    allowInternal: opts.allowInternal ?? false,
    isApproved: async () => true,
    appIdsOf: async (userId) => (userId === OTHER ? ['app-2'] : [APP.id]),
    rateLimit: async () => true,
    now: () => new Date('2025-03-01T09:00:00.000Z'),
  });
  return { service, webhooks, logs, fanOuts };
}

const input = (overrides: Record<string, unknown> = {}) => ({
  event_type: 'license.purchased',
  target_url: 'https://hooks.example.com/dental',
  ...overrides,
});

describe('event types', () => {
  it("are the platform's licence and install events and the synced catalogue's, by name", async () => {
    const platform = ['install.created', 'install.revoked', 'install.updated', 'license.purchased', 'license.revoked'];
    expect(await setup().service.eventTypeNames()).toEqual(platform);
    expect(await setup({ stored: ['z.last', 'a.first'] }).service.eventTypeNames()).toEqual([
      'a.first',
      ...platform,
      'z.last',
    ]);
  });
});

describe('creating a webhook', () => {
  it('generates a whsec_ secret when none is given, answers it once and lists only its first 10 characters', async () => {
    const { service } = setup();
    const created = await service.create(OWNER, APP.id, input({ secret: '  ' }));
    expect(created).toMatchObject({
      app_id: APP.id,
      event_type: 'license.purchased',
      target_url: 'https://hooks.example.com/dental',
      is_active: true,
      created_at: '2025-03-01T09:00:00.000Z',
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await service.list(OWNER, APP.id)).toEqual([{ ...created, secret: created.secret.slice(0, 10) }]);
  });

  it('keeps a whsec_ secret or any own secret of at least 24 characters, and refuses a shorter one', async () => {
    const { service } = setup();
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect((await service.create(OWNER, APP.id, input({ secret }))).secret).toBe(secret);
    const own = 'my-own-shared-secret-2025!';
    expect(
      (await service.create(OWNER, APP.id, input({ secret: own, target_url: 'https://y.example.com' }))).secret,
    ).toBe(own);
    await expect(
      service.create(OWNER, APP.id, input({ secret: 'my-password', target_url: 'https://x.example.com' })),
    ).rejects.toMatchObject({ status: 400, message: SECRET_FORMAT });
  });

  it('can be created inactive', async () => {
    expect((await setup().service.create(OWNER, APP.id, input({ is_active: false }))).is_active).toBe(false);
  });

  it("reads another developer's app, or a missing one, as 'App not found'", async () => {
    const { service } = setup();
    for (const appId of ['app-2', 'missing']) {
      await expect(service.create(OWNER, appId, input())).rejects.toMatchObject({
        status: 404,
        message: MSG.appNotFound,
      });
      await expect(service.list(OWNER, appId)).rejects.toMatchObject({ status: 404, message: MSG.appNotFound });
      await expect(service.appLogs(OWNER, appId, 10)).rejects.toMatchObject({ status: 404 });
      await expect(service.simulate(OWNER, { app_id: appId, event_type: 'patient.created' })).rejects.toMatchObject({
        status: 404,
      });
    }
  });

  it('refuses event types outside the catalogue', async () => {
    await expect(setup().service.create(OWNER, APP.id, input({ event_type: 'patient.deleted' }))).rejects.toMatchObject(
      {
        status: 400,
        message: 'Unknown event type: patient.deleted',
      },
    );
  });

  it('refuses a target the SSRF check refuses, with its reason', async () => {
    const { service } = setup({ checker: async () => ({ ok: false, reason: 'target_url is refused: internal' }) });
    await expect(service.create(OWNER, APP.id, input())).rejects.toMatchObject({
      status: 400,
      message: 'target_url is refused: internal',
    });
  });

  it('refuses duplicates and more than the limit', async () => {
    const { service } = setup();
    await service.create(OWNER, APP.id, input());
    await expect(service.create(OWNER, APP.id, input())).rejects.toMatchObject({
      status: 409,
      message: DUPLICATE_WEBHOOK,
    });
    for (let i = 1; i < MAX_WEBHOOKS_PER_APP; i++) {
      await service.create(OWNER, APP.id, input({ target_url: `https://hooks.example${i}.com/${i}` }));
    }
    await expect(
      service.create(OWNER, APP.id, input({ target_url: 'https://hooks.example-last.com/last' })),
    ).rejects.toMatchObject({ status: 400, message: TOO_MANY_WEBHOOKS });
  });
});

describe('target URL rules', () => {
  it.each([
    ['https://hooks.example.com/x', false, undefined],
    ['http://hooks.example.com/x', false, URL_NEEDS_HTTPS],
    ['http://localhost:4000/hook', true, undefined],
    ['ftp://hooks.example.com/', true, URL_NOT_HTTP],
    ['javascript:alert(1)', true, URL_NOT_HTTP],
    ['not a url', true, URL_NOT_HTTP],
    ['https://user:pass@hooks.example.com/', false, URL_HAS_CREDENTIALS],
  ])('%s (internal allowed: %s) -> %s', (url, allowInternal, problem) => {
    expect(targetUrlProblem(url, allowInternal)).toBe(problem);
  });
});

describe('deleting a webhook', () => {
  it('is for the owner only; others get 404', async () => {
    const { service, webhooks } = setup();
    const created = await service.create(OWNER, APP.id, input());
    await expect(service.remove(OTHER, created.id)).rejects.toMatchObject({ status: 404, message: WEBHOOK_NOT_FOUND });
    await service.remove(OWNER, created.id);
    expect(webhooks.items.size).toBe(0);
    await expect(service.remove(OWNER, created.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('test events', () => {
  it('fan out through the pipeline marked test: true and summarise', async () => {
    const { service, fanOuts } = setup();
    await service.create(OWNER, APP.id, input());
    const res = await service.simulate(OWNER, {
      app_id: APP.id,
      event_type: 'license.purchased',
      data: { test: false, timestamp: 'T', message: 'hello' },
    });
    expect(fanOuts).toEqual([
      { appId: APP.id, eventType: 'license.purchased', data: { test: true, timestamp: 'T', message: 'hello' } },
    ]);
    expect(res).toEqual({
      summary: { webhooks: 1, queued: 1, event_type: 'license.purchased', delivery_ids: ['msg_X'] },
      message: 'Test event license.purchased queued for 1 webhook',
    });
  });

  it('say so when no webhook subscribes', async () => {
    const res = await setup().service.simulate(OWNER, { app_id: APP.id, event_type: 'license.revoked' });
    expect(res.summary.webhooks).toBe(0);
    expect(res.message).toBe('No active webhooks for license.revoked on this app: nothing was sent');
  });
});

describe('replay', () => {
  it("answers the spec's success text", async () => {
    expect(await setup().service.replay('log-1')).toEqual({ message: MSG.webhookReplayed, delivery_id: 'msg_R' });
  });
});

describe('a webhook whose event type is no longer emitted', () => {
  it('is listed to its owner with event_type_available false; the others true', async () => {
    const { service, webhooks } = setup({ stored: ['appointment.created'] });
    await service.create(OWNER, APP.id, input({ event_type: 'appointment.created' }));
    const live = await service.create(OWNER, APP.id, input({ event_type: 'license.purchased' }));
    const [first] = await webhooks.listByApp(APP.id);
    // As a webhook made before the placeholder types went: its type is in no catalogue now.
    if (first)
      await webhooks.create(
        { ...first, id: 'wh-old', event_type: 'recall.due', created_at: '2020-01-01T00:00:00Z' },
        { max: 99, existing: 0 },
      );
    const list = await service.list(OWNER, APP.id);
    expect(list.map((w) => [w.event_type, w.event_type_available])).toEqual([
      ['recall.due', false],
      ['appointment.created', true],
      ['license.purchased', true],
    ]);
    expect(live.event_type_available).toBe(true);
  });
});
