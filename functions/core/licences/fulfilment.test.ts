import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../apps/app';
import type { PurchaseRecord } from '../purchases/purchase';
import { appFixture, memoryMailer, memoryStore, usersFixture } from '../purchases/testing';
import { createLicenceFulfilment, parseLicenceAnswer } from './fulfilment';
import type { EndpointResponse } from './ports';

function completedPurchase(app: AppRecord, id: string): PurchaseRecord {
  return {
    id,
    app_id: app.id,
    developer_id: app.user_id,
    user_id: `buyer-${id}`,
    buyer_email: `${id}@example.com`,
    buyer_name: `Buyer ${id}`,
    buyer_new_account: false,
    app: {
      id: app.id,
      name: app.name,
      slug: app.slug,
      icon_url: null,
      description: null,
      documentation_url: null,
      company_name: null,
    },
    pricing_model: app.pricing_model ?? null,
    price_period: null,
    free_trial_days: 0,
    licensing_type: app.licensing_type ?? null,
    status: 'completed',
    license_status: 'manual_pending',
    license_key: null,
    amount_cents: app.price_cents,
    platform_fee_cents: 0,
    currency: 'usd',
    payment_method: 'test',
    session_id: `cs_${id}`,
    payment_intent_id: null,
    stripe_subscription_id: null,
    stripe_invoice_id: null,
    created_at: `2026-01-01T00:00:${id.padStart(2, '0').slice(-2)}.000Z`,
    completed_at: '2026-01-01T00:01:00.000Z',
    expires_at: null,
    refunded_at: null,
    fulfilment: 'pending',
    fulfilment_lease_until: null,
    installation_counted: true,
  };
}

function setup(
  app: AppRecord,
  endpoint?: (url: string, body: string, headers: Record<string, string>) => Promise<EndpointResponse>,
) {
  const mem = memoryStore();
  const mailer = memoryMailer();
  const sleeps: number[] = [];
  const published: Array<{ appId: string; type: string; data: Record<string, unknown> }> = [];
  const undelivered: string[] = [];
  const fulfilment = createLicenceFulfilment({
    onUndelivered: (reason) => undelivered.push(reason),
    events: {
      publish: async (appId, type, data) => {
        published.push({ appId, type, data });
      },
    },
    store: mem.store,
    apps: { getById: async (id) => (id === app.id ? app : undefined) },
    users: { findById: async (id) => (id === usersFixture.dev.id ? usersFixture.dev : undefined) },
    purchases: mem.repo,
    mailer,
    endpoint: { post: endpoint ?? (async () => ({ status: 500, body: '' })) },
    appUrl: 'https://market.example.com',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  const add = async (id: string) => {
    const p = completedPurchase(app, id);
    await mem.repo.create(p);
    return p;
  };
  return { mem, mailer, sleeps, fulfilment, add, published, undelivered };
}

describe('parseLicenceAnswer', () => {
  it('accepts a 2xx JSON answer with a key and an ISO date or null', () => {
    expect(parseLicenceAnswer({ status: 201, body: '{"license_key":" K-1 ","expires_at":null}' })).toEqual({
      ok: true,
      key: 'K-1',
      expiresAt: null,
    });
    expect(parseLicenceAnswer({ status: 200, body: '{"license_key":"K","expires_at":"2030-01-01"}' })).toEqual({
      ok: true,
      key: 'K',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('refuses everything else', () => {
    for (const res of [
      { status: 500, body: '{"license_key":"K"}' },
      { status: 302, body: '' },
      { status: 200, body: 'not json' },
      { status: 200, body: '[]' },
      { status: 200, body: '{"license_key":""}' },
      { status: 200, body: '{"license_key":42}' },
      { status: 200, body: '{"license_key":"K","expires_at":"next week"}' },
      { status: 200, body: `{"license_key":"${'x'.repeat(1001)}"}` },
    ]) {
      expect(parseLicenceAnswer(res).ok, res.body).toBe(false);
    }
  });
});

describe('key pool delivery', () => {
  it('assigns distinct keys and then reports out_of_stock, telling the developer', async () => {
    const app = appFixture();
    const { mem, mailer, fulfilment, add, undelivered } = setup(app);
    mem.addPool(app.id, ['A', 'B']);
    const results = [];
    for (const id of ['1', '2', '3']) results.push(await fulfilment.fulfil(await add(id)));
    expect(results.map((r) => r?.license_status)).toEqual(['assigned', 'assigned', 'out_of_stock']);
    // The business metric behind the "licence deliveries failed" alarm: once, for the third buyer.
    expect(undelivered).toEqual(['pool_empty']);
    expect(new Set(results.slice(0, 2).map((r) => r?.license_key))).toEqual(new Set(['A', 'B']));
    expect(mailer.sent.filter((m) => m.to === usersFixture.dev.email).map((m) => m.subject)).toEqual([
      'Your key pool for App One is empty',
    ]);
    expect(mailer.sent.filter((m) => m.to === '3@example.com')[0]?.text).toContain("We're working on this.");
  });

  it('moves on when another buyer took a key, and reads the table when the index shows nothing', async () => {
    const app = appFixture();
    const { mem, fulfilment, add } = setup(app);
    mem.addPool(app.id, ['TAKEN-1', 'TAKEN-2']);
    mem.addPool(app.id, ['UNINDEXED'], false); // not in the availability index yet
    mem.store.claimHook = (key) => (key.startsWith('TAKEN') ? 'key_taken' : undefined);
    const r = await fulfilment.fulfil(await add('1'));
    expect(r).toMatchObject({ license_status: 'assigned', license_key: 'UNINDEXED' });
  });

  it('retries a key after a transaction conflict', async () => {
    const app = appFixture();
    const { mem, fulfilment, add, sleeps } = setup(app);
    mem.addPool(app.id, ['ONLY']);
    let conflicts = 2;
    mem.store.claimHook = () => (conflicts-- > 0 ? 'conflict' : undefined);
    expect(await fulfilment.fulfil(await add('1'))).toMatchObject({ license_key: 'ONLY' });
    expect(sleeps).toHaveLength(2);
  });

  it('does nothing (and mails nobody) when the purchase already has its licence', async () => {
    const app = appFixture();
    const { mem, mailer, fulfilment, add } = setup(app);
    mem.addPool(app.id, ['A', 'B']);
    const p = await add('1');
    await fulfilment.fulfil(p);
    const sent = mailer.sent.length;
    expect(await fulfilment.fulfil(p)).toBeNull();
    expect(mailer.sent.length).toBe(sent);
    expect([...(mem.pools.get(app.id)?.values() ?? [])].filter((k) => k.status === 'assigned')).toHaveLength(1);
  });

  it('serves waiting buyers oldest first when keys are added', async () => {
    const app = appFixture();
    const { mem, fulfilment, add } = setup(app);
    const waiting = [];
    for (const id of ['1', '2', '3']) {
      const p = await add(id);
      await fulfilment.fulfil(p);
      waiting.push(p);
    }
    mem.addPool(app.id, ['NEW-1', 'NEW-2']);
    expect(await fulfilment.retryOutOfStock(app.id)).toBe(2);
    expect(mem.purchases.get('1')?.license_status).toBe('assigned');
    expect(mem.purchases.get('2')?.license_status).toBe('assigned');
    expect(mem.purchases.get('3')?.license_status).toBe('out_of_stock');
  });
});

describe('other licensing types', () => {
  it('universal code: every buyer gets the code', async () => {
    const app = appFixture({ licensing_type: 'universal_code', universal_access_code: ' CODE-9 ' });
    const { fulfilment, add, mem } = setup(app);
    expect(await fulfilment.fulfil(await add('1'))).toMatchObject({ license_key: 'CODE-9' });
    expect(await fulfilment.fulfil(await add('2'))).toMatchObject({ license_key: 'CODE-9' });
    expect(mem.lookups.get(`${app.id}#CODE-9`)).toBe('1');
  });

  it('an app deleted since the purchase: manual_pending, reported undelivered (app_gone) once', async () => {
    const app = appFixture({ licensing_type: 'universal_code', universal_access_code: 'CODE-9' });
    const { mem, fulfilment, undelivered } = setup(app);
    const orphan = completedPurchase({ ...app, id: 'deleted-app' }, '1');
    await mem.repo.create(orphan);
    expect(await fulfilment.fulfil(orphan)).toMatchObject({ license_status: 'manual_pending', license_key: null });
    expect(undelivered).toEqual(['app_gone']);
    // Already settled: a second delivery of the same purchase reports nothing again.
    expect(await fulfilment.fulfil(orphan)).toBeNull();
    expect(undelivered).toEqual(['app_gone']);
  });

  it('manual: manual_pending, developer mailed with the instructions', async () => {
    const app = appFixture({ licensing_type: 'manual', licensing_instructions: 'Email us your practice id.' });
    const { mailer, fulfilment, add } = setup(app);
    expect(await fulfilment.fulfil(await add('1'))).toMatchObject({ license_status: 'manual_pending' });
    const dev = mailer.sent.find((m) => m.to === usersFixture.dev.email);
    expect(dev?.subject).toBe('Send access details for App One to 1@example.com');
    expect(dev?.text).toContain('Email us your practice id.');
    const buyer = mailer.sent.find((m) => m.to === '1@example.com');
    expect(buyer?.text).toContain('Email us your practice id.');
    expect(buyer?.text).toContain("You'll receive access details via email within 24 hours.");
  });

  it('webhook: signed POST, 3 attempts with the configured waits, then manual_pending', async () => {
    const app = appFixture({ licensing_type: 'webhook', webhook_license_url: 'https://dev.example.com/licence' });
    const calls: Array<{ body: string; headers: Record<string, string> }> = [];
    const { mem, mailer, fulfilment, add, sleeps, undelivered } = setup(app, async (_url, body, headers) => {
      calls.push({ body, headers });
      throw new Error('ECONNREFUSED');
    });
    expect(await fulfilment.fulfil(await add('1'))).toMatchObject({ license_status: 'manual_pending' });
    expect(undelivered).toEqual(['licence_webhook_failed']);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 3000]);
    expect(JSON.parse(calls[0]?.body ?? '')).toMatchObject({
      purchase_id: '1',
      customer_email: '1@example.com',
      customer_name: 'Buyer 1',
      app_id: app.id,
    });
    expect(calls[0]?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(mem.secrets.get(app.id)).toMatch(/^whsec_/);
    expect(mailer.sent.find((m) => m.to === usersFixture.dev.email)?.text).toContain('ECONNREFUSED');
  });

  it("webhook: records the key and the expiry of a good answer, and tells the developer's webhooks", async () => {
    const app = appFixture({ licensing_type: 'webhook', webhook_license_url: 'https://dev.example.com/licence' });
    const { fulfilment, add, published } = setup(app, async () => ({
      status: 200,
      body: '{"license_key":"W-1","expires_at":"2030-06-01T00:00:00Z"}',
    }));
    expect(await fulfilment.fulfil(await add('1'))).toEqual({
      license_status: 'assigned',
      license_key: 'W-1',
      expires_at: '2030-06-01T00:00:00.000Z',
    });
    expect(published).toEqual([
      {
        appId: app.id,
        type: 'license.purchased',
        data: expect.objectContaining({ purchase_id: '1', license_key: 'W-1', license_status: 'assigned', amount: 49 }),
      },
    ]);
  });
});
