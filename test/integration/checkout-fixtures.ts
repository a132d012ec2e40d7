/**
 * Fixtures of the checkout, licence-fulfilment and purchases suites: apps written through the
 * apps repository (unique per run, since test files share one database), purchases written
 * through the purchases repository, and Stripe events signed with the real SDK.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckoutSession } from '@shared/schemas/checkout';
import Stripe from 'stripe';
import { expect, vi } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { appKey } from '../../functions/adapters/dynamodb/keys';
import { licenceKeyLookupItem } from '../../functions/adapters/dynamodb/purchase-item';
import { dynamoPurchasesRepository, SALES_COUNTERS } from '../../functions/adapters/dynamodb/purchases-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { appRecord } from '../../functions/core/apps/testing';
import { type PurchaseRecord, platformFeeCents, snapshotApp } from '../../functions/core/purchases/purchase';
import { purchaseFixture } from '../../functions/core/purchases/testing';
import { signAccessToken } from '../../functions/http/auth';
import { api, apiUrl, mailsTo } from '../support/api';
import { BACKGROUND_WAIT_MS } from '../support/constants';
import { must } from '../support/must';

export const apps = new DynamoAppsRepository();
export const purchasesRepo = dynamoPurchasesRepository;

export function testApp(ownerId: string, label: string, overrides: Partial<AppRecord> = {}): AppRecord {
  const id = `chk-${randomUUID().slice(0, 12)}`;
  return appRecord({
    id,
    slug: `${id}-${label}`,
    name: `Checkout ${label} ${id.slice(4, 10)}`,
    user_id: ownerId,
    description: `Test app ${label}`,
    short_description: `Short ${label}`,
    category: 'Clinical Tools',
    category_slug: 'clinical-tools',
    key_features: ['One', 'Two'],
    pricing_model: 'one_time',
    price_cents: 4900,
    licensing_type: 'key_pool',
    company_name: 'Test Dental Co',
    documentation_url: 'https://docs.example.com',
    icon_url: 'https://cdn.example.com/icon.png',
    ...overrides,
  });
}

/** Creates the app (and its pool keys, if any) through the repositories. */
export async function createApp(app: AppRecord, poolKeys: readonly string[] = []): Promise<AppRecord> {
  await apps.create(app);
  if (poolKeys.length) await apps.addPoolKeys(app.id, poolKeys);
  return app;
}

export const poolKeysFor = (app: Pick<AppRecord, 'id'>, n: number) =>
  Array.from({ length: n }, (_, i) => `KEY-${app.id}-${String(i + 1).padStart(2, '0')}`);

/** A purchase written straight to the table (any state), for read-side tests and concurrent events. */
export function purchaseRecord(app: AppRecord, overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  const id = randomUUID();
  const amount = overrides.amount_cents ?? app.price_cents;
  return purchaseFixture({
    id,
    app_id: app.id,
    developer_id: app.user_id,
    user_id: `buyer-${randomUUID()}`,
    buyer_email: `buyer-${id.slice(0, 8)}@example.com`,
    buyer_name: `Buyer ${id.slice(0, 4)}`,
    app: snapshotApp(app),
    pricing_model: app.pricing_model ?? null,
    price_period: app.price_period ?? null,
    free_trial_days: app.free_trial_days ?? 0,
    licensing_type: app.licensing_type ?? null,
    amount_cents: amount,
    platform_fee_cents: platformFeeCents(amount),
    payment_method: 'test',
    session_id: `cs_test_local_fixture_${id}`,
    created_at: new Date().toISOString(),
    ...overrides,
  });
}

export async function insertPurchase(app: AppRecord, overrides: Partial<PurchaseRecord> = {}) {
  const p = purchaseRecord(app, overrides);
  await purchasesRepo.create(p);
  if (p.status === 'completed' || p.status === 'refunded') {
    // The app's sales counters as the sale's completion (and a refund) leave them: a purchase, and
    // while completed a sale and its revenue.
    const done = p.status === 'completed';
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: appKey(app.id),
        UpdateExpression: 'ADD #p :one, #s :sale, #r :cents',
        ExpressionAttributeNames: {
          '#p': SALES_COUNTERS.purchases,
          '#s': SALES_COUNTERS.total_sales,
          '#r': SALES_COUNTERS.total_revenue_cents,
        },
        ExpressionAttributeValues: { ':one': 1, ':sale': done ? 1 : 0, ':cents': done ? p.amount_cents : 0 },
      }),
    );
  }
  if (p.license_key) {
    // As delivery writes it: the Partner API finds the purchase by its key.
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: licenceKeyLookupItem(app.id, p.license_key, p.id) }),
    );
  }
  return p;
}

/** A completed purchase whose assigned licence `holder` holds, delivered (fulfilment done). */
export function insertCompleted(
  app: AppRecord,
  holder: { id: string; email: string },
  overrides: Partial<PurchaseRecord> = {},
) {
  return insertPurchase(app, {
    user_id: holder.id,
    buyer_email: holder.email,
    status: 'completed',
    license_status: 'assigned',
    license_key: `LIC-${randomUUID()}`,
    completed_at: new Date().toISOString(),
    fulfilment: 'done',
    ...overrides,
  });
}

/** A key-pool app (see testApp) stored with `keys` keys in its pool. */
export function createPoolApp(ownerId: string, label: string, keys: number, overrides: Partial<AppRecord> = {}) {
  const app = testApp(ownerId, label, overrides);
  return createApp(app, poolKeysFor(app, keys));
}

/** A free app (see testApp) whose licence is one universal access code, stored. */
export function createFreeCodeApp(ownerId: string, label: string, code: string, overrides: Partial<AppRecord> = {}) {
  return createApp(
    testApp(ownerId, label, {
      pricing_model: 'free',
      price_cents: 0,
      licensing_type: 'universal_code',
      universal_access_code: code,
      ...overrides,
    }),
  );
}

/** An id in Stripe's form: the object's prefix and random characters (`evt_…`, `pi_…`). */
export const stripeId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/** A Stripe event of `type` carrying `object`, created now (a fresh event id unless given). */
export function stripeEvent(type: string, object: Record<string, unknown>, id = stripeId('evt')) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

/** A `checkout.session.completed` event as Stripe sends it (the fields the webhook reads). */
export function sessionCompletedEvent(
  purchase: Pick<PurchaseRecord, 'id' | 'session_id' | 'amount_cents' | 'buyer_email' | 'app_id' | 'user_id'>,
  overrides: { id?: string; type?: string; object?: Record<string, unknown> } = {},
) {
  return stripeEvent(
    overrides.type ?? 'checkout.session.completed',
    {
      id: purchase.session_id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      amount_total: purchase.amount_cents,
      currency: 'usd',
      customer_email: purchase.buyer_email,
      client_reference_id: purchase.id,
      metadata: { purchase_id: purchase.id, app_id: purchase.app_id, user_id: purchase.user_id },
      payment_intent: null,
      subscription: null,
      ...overrides.object,
    },
    overrides.id,
  );
}

/** The stack's Stripe webhook secret (generated per run by the test setup). */
export const stripeWebhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET as string;

/** POSTs an event to the real webhook, signed with the real SDK (the stack's secret unless given). */
export async function postEvent(event: unknown, secret = stripeWebhookSecret()) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return api('POST', '/api/stripe/webhook', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** A bearer token for any account id (the suite shares the server's JWT secret). */
export const tokenFor = (userId: string, email: string, role: 'developer' | 'admin' = 'developer') =>
  signAccessToken({ userId, email, role });

export async function getPurchase(id: string): Promise<PurchaseRecord> {
  const p = await purchasesRepo.getById(id);
  expect(p, `purchase ${id}`).toBeDefined();
  return p as PurchaseRecord;
}

/**
 * The purchase once its licence delivery has finished (fulfilment no longer 'pending'): delivery
 * runs on the fulfilment queue after the request that completed the purchase has answered.
 */
export function deliveredPurchase(id: string, timeoutMs = BACKGROUND_WAIT_MS): Promise<PurchaseRecord> {
  return vi.waitFor(
    async () => {
      const p = await purchasesRepo.getById(id);
      // A purchase that does not exist is not a delivered one.
      expect(p, `purchase ${id} exists`).toBeDefined();
      expect(p?.fulfilment, `purchase ${id} delivered within ${timeoutMs} ms`).not.toBe('pending');
      return p as PurchaseRecord;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Opens a test-checkout URL and presses Pay, as a browser would. */
export async function payTestCheckout(checkoutUrl: string) {
  const page = await fetch(checkoutUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action, 'the test page has a Pay form').toBeDefined();
  const res = await fetch(`${apiUrl()}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  return { page, html, pay: res };
}

/**
 * Buys `app` through a checkout (signed in with `token`, or as a guest with `email`), accepting the
 * app's permissions unless `accept` is false, pays the test checkout when there is one to pay, and
 * answers the purchase once its licence delivery has finished.
 */
export async function buyLicence(app: AppRecord, as: { token: string } | { email: string }, accept = true) {
  const consent = accept ? { accept_permissions: true } : {};
  const res =
    'token' in as
      ? await api<CheckoutSession>('POST', '/api/stripe/create-checkout-session', {
          token: as.token,
          body: { app_id: app.id, ...consent },
        })
      : await api<CheckoutSession>('POST', '/api/stripe/create-guest-checkout-session', {
          body: { app_id: app.id, email: as.email, ...consent },
        });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (res.body.session_id.startsWith('cs_')) await payTestCheckout(res.body.checkout_url);
  return deliveredPurchase(must(await purchasesRepo.getBySession(res.body.session_id), 'the purchase').id);
}

/**
 * The mails to `address` matching `match`, once the local SES emulator holds at least one (within
 * 10 s, else the test fails saying which mails did arrive). Counting them is final only after the
 * queues are idle (test/support/queues.ts).
 */
export function waitForMail(address: string, match: (m: { subject: string; text?: string }) => boolean) {
  return vi.waitFor(
    async () => {
      const all = await mailsTo(address);
      const found = all.filter(match);
      if (found.length === 0) {
        throw new Error(
          `no matching mail to ${address} within ${BACKGROUND_WAIT_MS / 1000} s; it got ${JSON.stringify(all.map((m) => m.subject))}`,
        );
      }
      return found;
    },
    { timeout: BACKGROUND_WAIT_MS, interval: 100 },
  );
}
