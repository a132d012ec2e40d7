/**
 * Reading and managing purchases over HTTP: the buyer's list (shape, Active/Expired, kept after
 * the app is deleted), the developer's analytics (completed only, two decimals, public apps,
 * owner only), the admin's purchase list, the 30-day money-back refund (licence revoked, so the
 * Partner API reports it invalid) and the buyer-only PDF invoice. Purchases are written straight
 * through the purchases repository in every state the product can reach.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import {
  AdminPurchaseListSchema,
  ALREADY_LICENSED,
  ANALYTICS_PUBLIC_ONLY,
  APP_NOT_FOUND,
  AppAnalyticsSchema,
  PURCHASE_NOT_FOUND,
  type Purchase,
  PurchaseListSchema,
  REFUND_ONLY_COMPLETED,
  REFUND_WINDOW_CLOSED,
} from '@shared/schemas/checkout';
import { MY_PURCHASES_CURSOR_INVALID } from '@shared/schemas/my-purchases';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { purchaseKeys } from '../../functions/adapters/dynamodb/keys';
import { dynamoLicenceLookup } from '../../functions/adapters/dynamodb/licences-read-repo';
import { buyerAppPurchasesOfApp } from '../../functions/adapters/dynamodb/migrations';
import { dynamoPurchasesRepository } from '../../functions/adapters/dynamodb/purchases-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { checkLicence } from '../../functions/core/partner/partner-service';
import { guestBuyerId } from '../../functions/core/purchases/purchase';
import { adminToken, api, apiUrl, type Developer as Dev, newDeveloper } from '../support/api';
import { must } from '../support/must';
import {
  apps,
  createApp,
  getPurchase,
  insertCompleted,
  insertPurchase,
  testApp,
  waitForMail,
} from './checkout-fixtures';

let owner: Dev;
let buyer: Dev;
let admin: string;
let app: AppRecord;
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** A licence `who` holds, bought under the name newDeveloper registers. */
const completed = (
  a: AppRecord,
  who: Pick<Dev, 'id' | 'email'>,
  overrides: Parameters<typeof insertPurchase>[1] = {},
) => insertCompleted(a, who, { buyer_name: 'Test Developer', ...overrides });

beforeAll(async () => {
  [owner, buyer, admin] = await Promise.all([newDeveloper(), newDeveloper(), adminToken()]);
  app = await createApp(testApp(owner.id, 'sales', { price_cents: 4999 }));
});

describe('GET /api/stripe/my-purchases', () => {
  it('lists completed and refunded purchases newest first in the spec shape, with Active/Expired dates', async () => {
    const me = await newDeveloper();
    const other = await createApp(
      testApp(owner.id, 'other', { pricing_model: 'subscription', price_period: 'monthly' }),
    );
    const expired = await completed(other, me, {
      created_at: days(-40),
      expires_at: days(-10),
      stripe_subscription_id: 'sub_123',
    });
    const active = await completed(app, me, { created_at: days(-1) });
    await insertPurchase(app, { user_id: me.id, buyer_email: me.email }); // pending: not listed

    const res = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: me.token });
    expect(res.status).toBe(200);
    const list = PurchaseListSchema.parse(res.body);
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(Object.keys(must(list[0])).sort());
    expect(list.map((p) => p.id)).toEqual([active.id, expired.id]);
    expect(list[0]).toMatchObject({
      app: {
        id: app.id,
        name: app.name,
        slug: app.slug,
        icon_url: app.icon_url,
        documentation_url: app.documentation_url,
      },
      amount: 49.99,
      currency: 'usd',
      expires_at: null,
      license_status: 'assigned',
      license_key: active.license_key,
      assigned_license_key: active.license_key,
      stripe_subscription_id: null,
      status: 'completed',
    });
    const lapsed = must(list[1], 'the expired purchase');
    expect(Date.parse(must(lapsed.expires_at, 'its expiry'))).toBeLessThan(Date.now()); // the page shows 'Expired'
    expect(lapsed.stripe_subscription_id).toBe('sub_123');

    // Deleting the app keeps the purchase visible (the app is a snapshot taken at checkout).
    await apps.delete(other);
    const after = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: me.token });
    expect(after.body[1]?.app.name).toBe(other.name);
    expect((await api('GET', '/api/stripe/my-purchases')).status).toBe(401);
  });
});

describe('GET /api/stripe/my-purchases, paged', () => {
  it('pages newest first across the account and its claimed guest purchases, following X-Next-Cursor', async () => {
    const me = await newDeveloper();
    const guest = { id: guestBuyerId(me.email), email: me.email };
    // Own and guest purchases interleaved in time: the pages must merge them.
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await completed(app, i % 2 ? guest : me, { created_at: days(-10 + i) }));
    }
    const newestFirst = made.map((p) => p.id).reverse();
    const seen: string[] = [];
    let path = '/api/stripe/my-purchases?limit=2';
    for (let page = 0; page < 3; page++) {
      const res = await api<Purchase[]>('GET', path, { token: me.token });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((p) => p.id));
      const next = res.headers.get('x-next-cursor');
      if (page < 2) {
        expect(next, `page ${page + 1} names the next`).toBeTruthy();
        expect(res.headers.get('link')).toContain('rel="next"');
        path = `/api/stripe/my-purchases?limit=2&cursor=${encodeURIComponent(String(next))}`;
      } else expect(next).toBeNull();
    }
    expect(seen).toEqual(newestFirst);
    // Without limit: the plain array, all five (under the cap), no next page.
    const all = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: me.token });
    expect(all.body.map((p) => p.id)).toEqual(newestFirst);
    expect(all.headers.get('x-next-cursor')).toBeNull();
    // A cursor that is not one, or another account's, is refused and shows nothing.
    const first = await api('GET', '/api/stripe/my-purchases?limit=2', { token: me.token });
    const mine = encodeURIComponent(String(first.headers.get('x-next-cursor')));
    const stolen = await api('GET', `/api/stripe/my-purchases?cursor=${mine}`, { token: buyer.token });
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail).toBe(MY_PURCHASES_CURSOR_INVALID);
    expect((await api('GET', '/api/stripe/my-purchases?cursor=nonsense', { token: me.token })).status).toBe(400);
    expect((await api('GET', '/api/stripe/my-purchases?limit=0', { token: me.token })).status).toBe(400);
  });
});

describe('the buyer-app-purchases migration', () => {
  it('gives a purchase written before the buyer+app pointers its pointer, so the licence check finds it', async () => {
    const me = await newDeveloper();
    const a = await createApp(testApp(owner.id, 'legacy-held'));
    const p = await completed(a, me);
    expect(await dynamoPurchasesRepository.holdsApp(me.id, a.id)).toBe(true);
    // As a purchase written by the version before: no pointer.
    await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: purchaseKeys.buyerAppPurchase(me.id, a.id, p) }),
    );
    expect(await dynamoPurchasesRepository.holdsApp(me.id, a.id)).toBe(false);
    expect(await buyerAppPurchasesOfApp(a.id)).toBe(1);
    expect(await dynamoPurchasesRepository.holdsApp(me.id, a.id)).toBe(true);
    // And checkout refuses a second licence again.
    const res = await api('POST', '/api/stripe/create-checkout-session', { token: me.token, body: { app_id: a.id } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ALREADY_LICENSED);
  });
});

describe('GET /api/apps/{id}/analytics', () => {
  let analyticsApp: AppRecord;
  let second: Dev;
  beforeAll(async () => {
    analyticsApp = await createApp(testApp(owner.id, 'analytics', { price_cents: 4999 }));
    second = await newDeveloper();
    await completed(analyticsApp, buyer, { created_at: days(-3) });
    await completed(analyticsApp, buyer, { created_at: days(-2), expires_at: days(-1) });
    await completed(analyticsApp, second, { created_at: days(-1), amount_cents: 0, payment_method: 'free' });
    await completed(analyticsApp, second, { status: 'refunded', license_status: 'revoked', amount_cents: 1000 });
    await insertPurchase(analyticsApp, { amount_cents: 500 }); // pending
  });

  it('totals completed purchases only, in dollars to two decimals, with customers and recent purchases', async () => {
    const res = await api('GET', `/api/apps/${analyticsApp.id}/analytics`, { token: owner.token });
    expect(res.status).toBe(200);
    const a = AppAnalyticsSchema.strict().parse(res.body);
    expect(a.total_sales).toBe(3);
    expect(a.total_revenue).toBe(99.98);
    expect(a.customers).toHaveLength(2);
    expect(a.customers.find((c) => c.email === buyer.email)).toMatchObject({ id: buyer.id, purchase_count: 2 });
    expect(a.recent_purchases).toHaveLength(3);
    expect(a.recent_purchases[0]).toMatchObject({ amount: 0, payment_method: 'free' });
    expect(a.recent_purchases[2]).toMatchObject({ user_email: buyer.email, amount: 49.99, payment_method: 'test' });
  });

  it('reads one page of the sales for customers and recent purchases, the totals from the counters', async () => {
    const first = await api('GET', `/api/apps/${analyticsApp.id}/analytics?limit=2`, { token: owner.token });
    expect(first.status).toBe(200);
    const a = AppAnalyticsSchema.strict().parse(first.body);
    expect([a.total_sales, a.total_revenue]).toEqual([3, 99.98]);
    // The newest two sales: the refund (not a customer's completed purchase) and the free one.
    expect(a.customers.map((c) => c.email)).toEqual([second.email]);
    const cursor = must(first.headers.get('x-next-cursor'));
    expect(first.headers.get('link')).toContain('rel="next"');
    const next = await api(
      'GET',
      `/api/apps/${analyticsApp.id}/analytics?limit=2&cursor=${encodeURIComponent(cursor)}`,
      {
        token: owner.token,
      },
    );
    const b = AppAnalyticsSchema.strict().parse(next.body);
    expect([b.total_sales, b.total_revenue]).toEqual([3, 99.98]);
    expect(b.customers).toEqual([expect.objectContaining({ email: buyer.email, purchase_count: 2 })]);
    // A page read to its exact end may still name a next one (DynamoDB's LastEvaluatedKey): it is empty.
    const after = next.headers.get('x-next-cursor');
    if (after) {
      const last = await api(
        'GET',
        `/api/apps/${analyticsApp.id}/analytics?limit=2&cursor=${encodeURIComponent(after)}`,
        {
          token: owner.token,
        },
      );
      expect(AppAnalyticsSchema.parse(last.body).customers).toEqual([]);
      expect(last.headers.get('x-next-cursor')).toBeNull();
    }
    const bad = await api('GET', `/api/apps/${analyticsApp.id}/analytics?cursor=nonsense`, { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('is for the owner only and public apps only', async () => {
    const someoneElse = await api('GET', `/api/apps/${analyticsApp.id}/analytics`, { token: buyer.token });
    expect(someoneElse.status).toBe(404);
    expect(someoneElse.body.detail).toBe(APP_NOT_FOUND);
    expect((await api('GET', `/api/apps/${analyticsApp.id}/analytics`, { token: admin })).status).toBe(403);
    const internal = await createApp(testApp(owner.id, 'internal-analytics', { type: 'internal' }));
    const res = await api('GET', `/api/apps/${internal.id}/analytics`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(ANALYTICS_PUBLIC_ONLY);
    expect((await api('GET', '/api/apps/no-such-app/analytics', { token: owner.token })).status).toBe(404);
  });
});

describe('GET /api/admin/apps/{id}/purchases', () => {
  it('lists the app purchases that went through, newest first, with the buyer', async () => {
    const a = await createApp(testApp(owner.id, 'admin-list'));
    const older = await completed(a, buyer, { created_at: days(-5) });
    const refunded = await completed(a, buyer, { created_at: days(-1), status: 'refunded', license_status: 'revoked' });
    await insertPurchase(a); // pending
    const res = await api('GET', `/api/admin/apps/${a.id}/purchases`, { token: admin });
    expect(res.status).toBe(200);
    const list = AdminPurchaseListSchema.parse(res.body);
    expect(list.map((p) => p.id)).toEqual([refunded.id, older.id]);
    expect(list[1]).toMatchObject({
      status: 'completed',
      amount: 49,
      user: { id: buyer.id, name: 'Test Developer', email: buyer.email },
      license_status: 'assigned',
    });
    expect((await api('GET', `/api/admin/apps/${a.id}/purchases`, { token: owner.token })).status).toBe(403);
    // Page by page past the first (limit 1): the same list, then no next page.
    const paged: string[] = [];
    let path = `/api/admin/apps/${a.id}/purchases?limit=1`;
    for (;;) {
      const page = await api('GET', path, { token: admin });
      paged.push(...AdminPurchaseListSchema.parse(page.body).map((p) => p.id));
      const next = page.headers.get('x-next-cursor');
      if (!next) break;
      path = `/api/admin/apps/${a.id}/purchases?limit=1&cursor=${encodeURIComponent(next)}`;
    }
    expect(paged).toEqual([refunded.id, older.id]);
  });
});

describe('POST /api/admin/purchases/{id}/refund (30-day money-back guarantee)', () => {
  it('refunds a completed purchase within 30 days: refunded, licence revoked, buyer mailed', async () => {
    const p = await completed(app, buyer, { created_at: days(-29) });
    const before = await dynamoLicenceLookup.findByKey(app.id, must(p.license_key, 'the licence key'));
    expect(before && checkLicence(before, new Date()).valid).toBe(true);
    const res = await api('POST', `/api/admin/purchases/${p.id}/refund`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, status: 'refunded', license_status: 'revoked', refund_id: null });
    expect(await getPurchase(p.id)).toMatchObject({ status: 'refunded', license_status: 'revoked' });
    // The Partner API now reports the licence invalid.
    const after = await dynamoLicenceLookup.findByKey(app.id, must(p.license_key, 'the licence key'));
    expect(after && checkLicence(after, new Date())).toEqual({ valid: false, status: 'revoked' });
    const mails = await waitForMail(buyer.email, (m) => m.subject === `Your refund for ${app.name}`);
    expect(mails).toHaveLength(1);

    const again = await api('POST', `/api/admin/purchases/${p.id}/refund`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(REFUND_ONLY_COMPLETED);
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: buyer.token });
    expect(mine.body.find((x) => x.id === p.id)).toMatchObject({
      status: 'refunded',
      license_key: null,
    });
  });

  it('refuses purchases older than 30 days, pending ones and unknown ids', async () => {
    const old = await completed(app, buyer, { created_at: days(-31) });
    const res = await api('POST', `/api/admin/purchases/${old.id}/refund`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(REFUND_WINDOW_CLOSED);
    expect((await getPurchase(old.id)).status).toBe('completed');
    const pending = await insertPurchase(app);
    expect((await api('POST', `/api/admin/purchases/${pending.id}/refund`, { token: admin })).status).toBe(404);
    const unknown = await api('POST', '/api/admin/purchases/nope/refund', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(PURCHASE_NOT_FOUND);
    expect((await api('POST', `/api/admin/purchases/${old.id}/refund`, { token: buyer.token })).status).toBe(403);
  });
});

describe('GET /api/stripe/purchases/{id}/invoice', () => {
  it('is a PDF for its buyer and a 404 for anyone else', async () => {
    const p = await completed(app, buyer);
    const res = await fetch(`${apiUrl()}/api/stripe/purchases/${p.id}/invoice`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="INV-\d{8}-[0-9A-F]{8}\.pdf"$/i);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain(app.name);
    expect(text).toContain('Total: $49.99 USD');
    expect(text).toContain('Test Dental Co');
    expect(text).toContain(buyer.email);

    for (const token of [owner.token, admin]) {
      const other = await api('GET', `/api/stripe/purchases/${p.id}/invoice`, { token });
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe(PURCHASE_NOT_FOUND);
    }
    expect((await api('GET', `/api/stripe/purchases/${p.id}/invoice`)).status).toBe(401);
    const pending = await insertPurchase(app, { user_id: buyer.id });
    expect((await api('GET', `/api/stripe/purchases/${pending.id}/invoice`, { token: buyer.token })).status).toBe(404);
  });
});
