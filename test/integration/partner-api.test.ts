/**
 * The Partner API over HTTP with real API keys (DynamoDB Local): authentication, the atomic daily
 * quota under concurrency, the rate-limit headers, event types, and licences scoped to the key
 * owner's apps. Apps and purchases are written straight into the table in the shapes the apps and
 * checkout modules agreed to (see functions/adapters/dynamodb/licences-read-repo.ts).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LicenseStatus } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { ApiKey, ApiKeyWithSecret } from '@shared/schemas/keys';
import {
  INVALID_API_KEY,
  INVALID_CURSOR,
  LICENSE_KEY_REQUIRED,
  type LicenseList,
  type PartnerEventTypes,
  type PartnerMe,
} from '@shared/schemas/partner';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { apiKeyKeys, purchaseKey } from '../../functions/adapters/dynamodb/keys';
import { licenceKeyLookupItem } from '../../functions/adapters/dynamodb/purchase-item';
import { PLATFORM_EVENT_TYPES } from '../../functions/core/webhooks/event-catalogue';
import { type ApiAnswer, againAfter503, api, type JsonBody, newDeveloper } from '../support/api';
import { must } from '../support/must';

const call = <T = JsonBody>(method: string, path: string, key: string | undefined, body?: unknown) =>
  api<T>(method, path, { headers: key === undefined ? {} : { 'x-api-key': key }, body });

async function developerWithKey(type: 'staging' | 'production' = 'staging') {
  const dev = await newDeveloper();
  const res = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type } });
  expect(res.status).toBe(201);
  return { ...dev, key: res.body.key, keyId: res.body.id };
}

async function insertApp(ownerId: string, name = 'Partner Test App') {
  const id = `app-${randomUUID()}`;
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: `APP#${id}`, SK: 'APP', entity: 'APP', id, user_id: ownerId, name, type: 'public' },
    }),
  );
  return id;
}

interface PurchaseFixture {
  appId: string;
  licenseKey?: string | null;
  licenseStatus?: LicenseStatus;
  status?: 'completed' | 'pending' | 'refunded';
  expiresAt?: string | null;
  createdAt?: string;
  email?: string;
}

async function insertPurchase(p: PurchaseFixture) {
  const id = randomUUID();
  const createdAt = p.createdAt ?? new Date().toISOString();
  const licenseKey = p.licenseKey === undefined ? `LIC-${randomUUID()}` : p.licenseKey;
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...purchaseKey(id),
        GSI2PK: `APPSALES#${p.appId}`,
        GSI2SK: `${createdAt}#${id}`,
        entity: 'PURCHASE',
        id,
        app_id: p.appId,
        user_id: `buyer-${id}`,
        buyer_email: p.email ?? `buyer-${id.slice(0, 8)}@example.com`,
        buyer_name: 'Buyer',
        license_key: licenseKey,
        license_status: p.licenseStatus ?? 'assigned',
        status: p.status ?? 'completed',
        amount_cents: 4900,
        currency: 'usd',
        created_at: createdAt,
        expires_at: p.expiresAt ?? null,
      },
    }),
  );
  if (licenseKey) {
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: licenceKeyLookupItem(p.appId, licenseKey, id) }),
    );
  }
  return { id, licenseKey, createdAt };
}

const nextUtcMidnight = () => {
  const now = new Date();
  return Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000);
};

function expectRateHeaders(res: ApiAnswer<unknown>, limit: number) {
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
  // Reset is the next UTC midnight (allow for a test run that crosses midnight).
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  expect([nextUtcMidnight(), nextUtcMidnight() - 86_400]).toContain(reset);
}

describe('authentication', () => {
  it('GET /v1/me names the key and its owner, with rate-limit headers', async () => {
    const dev = await developerWithKey();
    const res = await call('GET', '/v1/me', dev.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      key: { id: dev.keyId, prefix: dev.key.slice(0, 20), type: 'staging', limit: 500, usage_today: 1, remaining: 499 },
      owner: {
        id: dev.id,
        full_name: 'Test Developer',
        email: dev.email,
        company: 'Test Dental Co',
        is_approved: false,
      },
    });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('499');
    expectRateHeaders(res, 500);
    expect(JSON.stringify(res.body)).not.toContain(dev.key);
  });

  it.each([
    ['no key', undefined],
    ['an empty key', ''],
    ['garbage', 'hello'],
    ['a well-formed unknown key', `dk_live_${'Z'.repeat(40)}`],
  ])('refuses %s with 401 and no rate-limit headers', async (_what, key) => {
    const res = await call('GET', '/v1/me', key);
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
    if (key) expect(res.body.detail).toBe(INVALID_API_KEY);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('does not take a bearer token instead of a key', async () => {
    const dev = await developerWithKey();
    const res = await api('GET', '/v1/me', { token: dev.token });
    expect(res.status).toBe(401);
  });
});

describe('daily quota', () => {
  it('admits exactly the limit under 50 concurrent calls; the rest get 429 with Retry-After', async () => {
    const dev = await developerWithKey();
    // The quota is the developer's per key type: one call starts the day, then the developer's
    // limit is lowered to 20 (and the day's count set back to 0) directly on the quota item.
    expect((await call<PartnerMe>('GET', '/v1/me', dev.key)).status).toBe(200);
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKeys.dailyQuota(dev.id, 'staging'),
        UpdateExpression: 'SET #limit = :limit, usage_count = :zero, per_key = :none',
        ExpressionAttributeNames: { '#limit': 'limit' },
        ExpressionAttributeValues: { ':limit': 20, ':zero': 0, ':none': {} },
      }),
    );

    // A 503 is sent again after its Retry-After, as a client does (in two CI runs, one of the 50 on
    // a loaded machine). Every call must end 200 or 429.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => againAfter503(() => call<PartnerMe>('GET', '/v1/me', dev.key))),
    );
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status !== 200 && r.status !== 429).map((r) => [r.status, r.body])).toEqual([]);
    expect(ok).toHaveLength(20);
    expect(limited).toHaveLength(30);

    // Each admitted call saw a different count: 1..20, remaining 19..0.
    expect(ok.map((r) => r.body.key.usage_today).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    for (const res of ok) expectRateHeaders(res, 20);

    const secondsToMidnight = nextUtcMidnight() - Math.floor(Date.now() / 1000);
    for (const res of limited) {
      expect(res.body).toEqual({ detail: 'Daily request limit of 20 reached for this key' });
      expectRateHeaders(res, 20);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - secondsToMidnight)).toBeLessThanOrEqual(5);
    }

    // The dashboard shows the real count: refused calls are not counted.
    const list = await api<ApiKey[]>('GET', '/api/keys', { token: dev.token });
    expect(must(list.body[0]).usage_count).toBe(20);
    expect((await call('GET', '/v1/event-types', dev.key)).status).toBe(429);
  });
});

describe('GET /v1/event-types', () => {
  it('lists the event types webhooks can subscribe to', async () => {
    const dev = await developerWithKey();
    const res = await call<PartnerEventTypes>('GET', '/v1/event-types', dev.key);
    expect(res.status).toBe(200);
    expectRateHeaders(res, 500);
    expect(res.body.event_types.length).toBeGreaterThan(0);
    for (const e of res.body.event_types) {
      expect(typeof e.name).toBe('string');
      expect(e.description === null || typeof e.description === 'string').toBe(true);
      const platform = PLATFORM_EVENT_TYPES.some((d) => d.name === e.name);
      expect(e.source).toBe(platform ? 'platform' : 'internal_catalogue');
    }
    const names = res.body.event_types.map((e) => e.name);
    // The marketplace's own events are always there; a synced practice catalogue (the sync suites
    // share this stack) adds its event types beside them, in name order.
    for (const d of PLATFORM_EVENT_TYPES) expect(names).toContain(d.name);
    // Nothing emits the former placeholders.
    expect(names).not.toContain('appointment.scheduled');
    expect(names).toEqual([...names].sort());
  });
});

describe('licences are scoped to the key owner', () => {
  let a: Awaited<ReturnType<typeof developerWithKey>>;
  let b: Awaited<ReturnType<typeof developerWithKey>>;
  let appA: string;
  let appB: string;
  let licA: Awaited<ReturnType<typeof insertPurchase>>;
  let licB: Awaited<ReturnType<typeof insertPurchase>>;

  beforeAll(async () => {
    [a, b] = await Promise.all([developerWithKey(), developerWithKey()]);
    [appA, appB] = await Promise.all([insertApp(a.id, 'App of A'), insertApp(b.id, 'App of B')]);
    licA = await insertPurchase({ appId: appA, email: 'customer-a@example.com' });
    licB = await insertPurchase({ appId: appB, email: 'customer-b@example.com' });
  });

  const validate = (key: string, body: unknown) => call('POST', '/v1/licenses/validate', key, body);

  it("validates the owner's own licence", async () => {
    const res = await validate(a.key, { license_key: licA.licenseKey, app_id: appA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, status: 'assigned', expires_at: null, app_id: appA, purchase_id: licA.id });
    expectRateHeaders(res, 500);
  });

  it("answers 404 'App not found' for another developer's app, while its owner's key works", async () => {
    const foreign = await validate(a.key, { license_key: licB.licenseKey, app_id: appB });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: MSG.appNotFound });
    expectRateHeaders(foreign, 500);
    const missing = await validate(a.key, { license_key: licB.licenseKey, app_id: `app-${randomUUID()}` });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(foreign.body);

    // B's licence key against A's own app is simply not a licence of that app.
    const crossed = await validate(a.key, { license_key: licB.licenseKey, app_id: appA });
    expect(crossed.body).toEqual({ valid: false, status: 'not_found', expires_at: null, app_id: appA });

    const own = await validate(b.key, { license_key: licB.licenseKey, app_id: appB });
    expect(own.body).toMatchObject({ valid: true, purchase_id: licB.id });

    const list = await call('GET', `/v1/apps/${appB}/licenses`, a.key);
    expect(list.status).toBe(404);
    expect(list.body).toEqual({ detail: MSG.appNotFound });
    expect(JSON.stringify(list.body)).not.toContain('customer-b');
    const listB = await call<LicenseList>('GET', `/v1/apps/${appB}/licenses`, b.key);
    expect(listB.status).toBe(200);
    expect(listB.body.items.map((i) => i.purchase_id)).toEqual([licB.id]);
  });

  it('reports revoked, expired, refunded and undelivered licences as invalid', async () => {
    const cases = [
      [{ licenseStatus: 'revoked' as const }, 'revoked'],
      [{ expiresAt: '2020-01-01T00:00:00.000Z' }, 'expired'],
      [{ status: 'refunded' as const }, 'refunded'],
      [{ licenseStatus: 'out_of_stock' as const }, 'out_of_stock'],
    ] as const;
    for (const [fixture, status] of cases) {
      const lic = await insertPurchase({ appId: appA, ...fixture });
      const res = await validate(a.key, { license_key: lic.licenseKey, app_id: appA });
      expect(res.body).toMatchObject({ valid: false, status, purchase_id: lic.id });
    }
    const future = '2099-01-01T00:00:00.000Z';
    const active = await insertPurchase({ appId: appA, licenseStatus: 'active', expiresAt: future });
    expect((await validate(a.key, { license_key: active.licenseKey, app_id: appA })).body).toMatchObject({
      valid: true,
      status: 'active',
      expires_at: future,
    });
  });

  it.each([[{}], [{ license_key: 'x' }], [{ app_id: 'y' }], [{ license_key: ' ', app_id: 'y' }]])(
    'refuses %j with 400 and rate-limit headers',
    async (body) => {
      const res = await validate(a.key, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: LICENSE_KEY_REQUIRED });
      expectRateHeaders(res, 500);
    },
  );

  it('pages through the sales of an app, newest first, without pending checkouts', async () => {
    const dev = await developerWithKey();
    const app = await insertApp(dev.id);
    const base = Date.parse('2025-01-01T00:00:00Z');
    const bought = [];
    for (let i = 0; i < 5; i++) {
      bought.push(await insertPurchase({ appId: app, createdAt: new Date(base + i * 60_000).toISOString() }));
    }
    await insertPurchase({
      appId: app,
      status: 'pending',
      licenseKey: null,
      createdAt: new Date(base + 600_000).toISOString(),
    });
    await insertPurchase({
      appId: app,
      licenseStatus: 'manual_pending',
      licenseKey: null,
      createdAt: new Date(base + 500_000).toISOString(),
    });

    const seen: LicenseList['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res: ApiAnswer<LicenseList> = await call<LicenseList>('GET', `/v1/apps/${app}/licenses${q}`, dev.key);
      expect(res.status).toBe(200);
      expectRateHeaders(res, 500);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items);
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);

    expect(seen).toHaveLength(6);
    expect(seen[0]).toMatchObject({
      license_key: null,
      license_status: 'manual_pending',
      purchase_status: 'completed',
    });
    expect(seen.slice(1).map((i) => i.purchase_id)).toEqual(bought.map((p) => p.id).reverse());
    const fifth = must(bought[4]);
    expect(seen[1]).toEqual({
      purchase_id: fifth.id,
      license_key: fifth.licenseKey,
      license_status: 'assigned',
      purchase_status: 'completed',
      customer_email: expect.stringMatching(/@example\.com$/),
      created_at: fifth.createdAt,
      expires_at: null,
    });
  });

  it('refuses forged cursors and bad limits with 400', async () => {
    const first = await call('GET', `/v1/apps/${appA}/licenses?limit=1`, a.key);
    expect(first.status).toBe(200);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    // A cursor of A's app cannot page through B's app, and garbage is refused.
    const forged = await call('GET', `/v1/apps/${appB}/licenses?cursor=${first.body.next_cursor}`, b.key);
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ detail: INVALID_CURSOR });
    expect((await call('GET', `/v1/apps/${appA}/licenses?cursor=not-a-cursor`, a.key)).body).toEqual({
      detail: INVALID_CURSOR,
    });
    for (const limit of ['0', '101', 'ten']) {
      const res = await call('GET', `/v1/apps/${appA}/licenses?limit=${limit}`, a.key);
      expect(res.status).toBe(400);
    }
  });
});
