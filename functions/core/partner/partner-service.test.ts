import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { checkLicence, createPartnerService } from './partner-service';
import type { EventTypeInfo, LicenceLookup, PurchaseLicence } from './ports';

const NOW = new Date('2025-06-01T12:00:00Z');

const purchase = (overrides: Partial<PurchaseLicence> = {}): PurchaseLicence => ({
  id: 'p1',
  app_id: 'app-a',
  user_id: 'buyer-1',
  buyer_email: 'buyer@example.com',
  buyer_name: 'Buyer',
  license_key: 'LIC-AAA',
  license_status: 'assigned',
  status: 'completed',
  amount_cents: 4900,
  currency: 'usd',
  created_at: '2025-05-01T00:00:00Z',
  expires_at: null,
  ...overrides,
});

function lookup(purchases: PurchaseLicence[], owners: Record<string, string>): LicenceLookup {
  return {
    appOwnerId: async (appId) => owners[appId],
    findByKey: async (appId, key) => purchases.find((p) => p.app_id === appId && p.license_key === key),
    listByApp: async (appId, page) => ({
      items: purchases.filter((p) => p.app_id === appId).slice(0, page.limit),
      next_cursor: null,
    }),
  };
}

const rejection = async (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as AppError);

describe('checkLicence', () => {
  it.each([
    [{}, true, 'assigned'],
    [{ license_status: 'active' as const }, true, 'active'],
    [{ expires_at: '2025-07-01T00:00:00Z' }, true, 'assigned'],
    [{ expires_at: '2025-05-31T23:59:59Z' }, false, 'expired'],
    [{ license_status: 'revoked' as const }, false, 'revoked'],
    [{ status: 'refunded' as const }, false, 'refunded'],
    [{ status: 'pending' as const }, false, 'pending'],
    [{ license_status: 'manual_pending' as const, license_key: null }, false, 'manual_pending'],
    [{ license_status: 'out_of_stock' as const }, false, 'out_of_stock'],
  ])('%j -> valid %s, %s', (overrides, valid, status) => {
    expect(checkLicence(purchase(overrides), NOW)).toEqual({ valid, status });
  });
});

describe('partner service', () => {
  const purchases = [
    purchase(),
    purchase({ id: 'p2', license_key: 'LIC-BBB', status: 'refunded' }),
    purchase({ id: 'p3', app_id: 'app-b', license_key: 'LIC-CCC' }),
  ];
  const service = createPartnerService({
    users: { findById: async () => undefined },
    licences: lookup(purchases, { 'app-a': 'dev-a', 'app-b': 'dev-b' }),
    eventTypes: { list: async () => [] },
    now: () => NOW,
  });

  it("validates licences of the owner's apps", async () => {
    expect(await service.validate('dev-a', { app_id: 'app-a', license_key: 'LIC-AAA' })).toEqual({
      valid: true,
      status: 'assigned',
      expires_at: null,
      app_id: 'app-a',
      purchase_id: 'p1',
    });
    expect(await service.validate('dev-a', { app_id: 'app-a', license_key: 'LIC-BBB' })).toMatchObject({
      valid: false,
      status: 'refunded',
    });
    expect(await service.validate('dev-a', { app_id: 'app-a', license_key: 'LIC-NONE' })).toEqual({
      valid: false,
      status: 'not_found',
      expires_at: null,
      app_id: 'app-a',
    });
  });

  it("answers 'App not found' for another developer's app and for a missing one alike", async () => {
    for (const [owner, appId] of [
      ['dev-a', 'app-b'],
      ['dev-a', 'no-such-app'],
    ] as const) {
      const err = await rejection(service.validate(owner, { app_id: appId, license_key: 'LIC-CCC' }));
      expect(err?.status).toBe(404);
      expect(err?.message).toBe('App not found');
      expect((await rejection(service.listLicences(owner, appId, { limit: 10 })))?.message).toBe('App not found');
    }
  });

  it('lists sold licences with the customer e-mail', async () => {
    const page = await service.listLicences('dev-a', 'app-a', { limit: 10 });
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((i) => i.purchase_id)).toEqual(['p1', 'p2']);
    expect(page.items[0]).toEqual({
      purchase_id: 'p1',
      license_key: 'LIC-AAA',
      license_status: 'assigned',
      purchase_status: 'completed',
      customer_email: 'buyer@example.com',
      created_at: '2025-05-01T00:00:00Z',
      expires_at: null,
    });
  });

  it("serves the platform's event types, then the synced catalogue's beside them, each with its source", async () => {
    const defaults = await service.eventTypes();
    const platform = [
      ['install.created', 'platform'],
      ['install.revoked', 'platform'],
      ['install.updated', 'platform'],
      ['license.purchased', 'platform'],
      ['license.revoked', 'platform'],
    ];
    expect(defaults.event_types.map((e) => [e.name, e.source])).toEqual(platform);
    const stored: EventTypeInfo[] = [
      { name: 'x.b', description: null },
      { name: 'x.a', description: 'A' },
      { name: 'x.a', description: 'dup' },
    ];
    const withCatalogue = createPartnerService({
      users: { findById: async () => undefined },
      licences: lookup([], {}),
      eventTypes: { list: async () => stored },
    });
    expect((await withCatalogue.eventTypes()).event_types.map((e) => [e.name, e.source])).toEqual([
      ...platform,
      ['x.a', 'internal_catalogue'],
      ['x.b', 'internal_catalogue'],
    ]);
  });
});

describe('app owner cache', () => {
  it('reads an app owner once per period and never remembers a missing app', async () => {
    let reads = 0;
    const owners: Record<string, string> = { 'app-a': 'dev-a' };
    let clock = NOW.getTime();
    const base = lookup([purchase()], owners);
    const service = createPartnerService({
      users: { findById: async () => undefined },
      licences: {
        ...base,
        appOwnerId: async (id) => {
          reads++;
          return owners[id];
        },
      },
      eventTypes: { list: async () => [] },
      now: () => new Date(clock),
      ownerCacheMs: 60_000,
    });
    const input = { app_id: 'app-a', license_key: 'LIC-AAA' };
    await service.validate('dev-a', input);
    await service.validate('dev-a', input);
    expect(reads).toBe(1);
    clock += 61_000;
    await service.validate('dev-a', input);
    expect(reads).toBe(2);

    expect((await rejection(service.validate('dev-a', { app_id: 'app-new', license_key: 'x' })))?.status).toBe(404);
    owners['app-new'] = 'dev-a';
    expect(await service.validate('dev-a', { app_id: 'app-new', license_key: 'x' })).toMatchObject({
      status: 'not_found',
    });
  });
});
