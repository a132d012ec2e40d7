/**
 * Checkout over HTTP on the local default (no Stripe keys): guest and signed-in checkout, the
 * labelled test-checkout page whose Pay button sends a Stripe-signed event to the real webhook,
 * free apps granted at once, the purchase rules (own app, already licensed, renewal, only
 * marketplace apps), and the webhook's guarantees: forged signatures refused, each event
 * processed once.
 */

import { MSG } from '@shared/messages';
import type { LoginResponse } from '@shared/schemas/accounts';
import {
  ALREADY_LICENSED,
  APP_NOT_FOUND,
  CHECKOUT_IN_PROGRESS,
  type CheckoutSession,
  CheckoutSessionSchema,
  GUEST_CONFIRM_INVALID,
  OWN_APP_PURCHASE,
  type Purchase,
  type PurchaseSessionResult,
  PurchaseSessionResultSchema,
} from '@shared/schemas/checkout';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { GUEST_CONFIRM_SUBJECT } from '../../functions/core/purchases/guest-mails';
import { guestBuyerId } from '../../functions/core/purchases/purchase';
import { api, apiUrl, newDeveloper, uniqueEmail, verifyEmailOf, type WithDetail } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';
import {
  apps,
  createApp,
  createFreeCodeApp,
  createPoolApp,
  deliveredPurchase,
  getPurchase,
  insertCompleted,
  payTestCheckout,
  poolKeysFor,
  postEvent,
  purchasesRepo,
  sessionCompletedEvent,
  stripeWebhookSecret,
  testApp,
  waitForMail,
} from './checkout-fixtures';

let owner: Awaited<ReturnType<typeof newDeveloper>>;
let paidPool: AppRecord;
let paidPoolKeys: string[];
let freeCode: AppRecord;

beforeAll(async () => {
  owner = await newDeveloper();
  paidPool = testApp(owner.id, 'paid-pool', { price_cents: 4900 });
  paidPoolKeys = poolKeysFor(paidPool, 4);
  await createApp(paidPool, paidPoolKeys);
  freeCode = await createFreeCodeApp(owner.id, 'free-code', `FREE-CODE-${paidPool.id}`);
});

describe('guest checkout of a paid key-pool app (local test mode)', () => {
  it('goes from checkout URL to test page to Pay to a completed purchase with a pool key, mailed', async () => {
    const email = uniqueEmail('guest');
    const res = await api('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: paidPool.id, email: `  ${email.toUpperCase()} ` },
    });
    expect(res.status).toBe(200);
    const session = CheckoutSessionSchema.strict().parse(res.body);
    expect(session.new_account).toBe(true);
    expect(session.session_id).toMatch(/^cs_test_local_/);
    expect(session.checkout_url).toBe(`${apiUrl()}/api/stripe/test-checkout/${session.session_id}`);

    // Pending: the success page's lookup answers 404 (it retries) and nothing is listed yet.
    expect((await api('GET', `/api/stripe/purchase/${session.session_id}`)).status).toBe(404);

    const { page, html, pay } = await payTestCheckout(session.checkout_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('TEST MODE');
    expect(html).toContain('No real payment will be taken');
    expect(html).toContain(paidPool.name);
    expect(html).toContain('$49.00 USD');
    expect(html).toContain(email);
    expect(html).not.toMatch(/<(script|link|img)\b/i); // self-contained
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(
      `${apiUrl()}/marketplace/purchase-success?session_id=${session.session_id}&new_account=true`,
    );

    // The licence is delivered by the fulfilment worker, just after the payment.
    await deliveredPurchase(must(await purchasesRepo.getBySession(session.session_id), 'the purchase').id);
    const result = await api<PurchaseSessionResult>('GET', `/api/stripe/purchase/${session.session_id}`);
    expect(result.status).toBe(200);
    expect(PurchaseSessionResultSchema.strict().parse(result.body)).toMatchObject({
      app: { name: paidPool.name, slug: paidPool.slug, icon_url: paidPool.icon_url },
      amount: 49,
      currency: 'usd',
      status: 'completed',
      license_status: 'assigned',
    });
    expect(JSON.stringify(result.body)).not.toContain('KEY-'); // the public lookup never shows the key

    const stored = await getPurchase(result.body.id);
    expect(stored).toMatchObject({
      status: 'completed',
      buyer_email: email,
      amount_cents: 4900,
      platform_fee_cents: 980,
      payment_method: 'test',
      expires_at: null,
    });
    expect(paidPoolKeys).toContain(stored.license_key);

    const mails = await waitForMail(email, (m) => m.subject === `Your license for ${paidPool.name}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(stored.license_key as string);
    expect(mails[0]?.text).toContain('/marketplace/my-purchases');
    expect(mails[0]?.text).toContain('/claim-account?token=');
    expect(mails[0]?.text).not.toContain('/forgot-password');

    // Paying again (back button, double click) does not pay twice: straight to the success page.
    const done = await (await fetch(session.checkout_url)).text();
    expect(done).toContain('already completed');
    expect(done).not.toContain('<form');
    const repost = await fetch(`${session.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(repost.status).toBe(303);
    // Kept against the address, not an account: none was created.
    expect(stored.user_id).toBe(guestBuyerId(email));
    expect(await dynamoUsersRepository.findByEmail(email)).toBeUndefined();
    expect((await purchasesRepo.listByBuyer(stored.user_id)).length).toBe(1);

    // The buyer signs up with the address and verifies it: the purchase is on My Purchased Licenses with its key.
    const reg = await api('POST', '/api/register', {
      body: { full_name: 'Guest Buyer', email, password: 'secret123', company_name: 'Practice' },
    });
    expect(reg.status).toBeLessThan(300);
    await verifyEmailOf(email);
    const token = (await api<LoginResponse>('POST', '/api/login', { body: { email, password: 'secret123' } })).body
      .access_token;
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ license_key: stored.license_key, assigned_license_key: stored.license_key });

    // A free app as a guest: the same answer, a confirmation link by mail, granted once it is followed.
    const second = await api('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: freeCode.id, email },
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      checkout_url: `${apiUrl()}/marketplace/purchase-success?confirm=sent&new_account=true`,
      session_id: '',
      new_account: true,
    });
    expect((await api('GET', '/api/stripe/my-purchases', { token })).body).toHaveLength(1);
    const confirmMail = await waitForMail(email, (m) => m.subject === GUEST_CONFIRM_SUBJECT);
    const confirmToken = /confirm-license\?token=([\w-]+)/.exec(confirmMail[0]?.text ?? '')?.[1];
    const confirmed = await api('POST', '/api/stripe/confirm-guest-license', { body: { token: confirmToken } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.checkout_url).toBe(
      `${apiUrl()}/marketplace/purchase-success?session_id=${confirmed.body.session_id}&new_account=true`,
    );
    expect((await api('GET', `/api/stripe/purchase/${confirmed.body.session_id}`)).body.status).toBe('completed');
    expect((await api('GET', '/api/stripe/my-purchases', { token })).body).toHaveLength(2);
    const bad = await api('POST', '/api/stripe/confirm-guest-license', { body: { token: 'not-a-real-token-123' } });
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe(GUEST_CONFIRM_INVALID);

    // Already licensed: a guest is not told so (that would tell anyone what the address holds); it goes to payment.
    const third = await api('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: paidPool.id, email },
    });
    expect(third.status).toBe(200);
    expect(third.body.checkout_url).toMatch(/\/api\/stripe\/test-checkout\/cs_test_local_/);
  });

  it('validates the e-mail address and the app', async () => {
    const bad = await api('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: paidPool.id, email: 'not-an-address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(MSG.invalidEmail);
    const none = await api('POST', '/api/stripe/create-guest-checkout-session', { body: { app_id: paidPool.id } });
    expect(none.status).toBe(400);
    const missing = await api('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: 'no-such-app', email: uniqueEmail('guest') },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(APP_NOT_FOUND);
  });
});

describe('installations of a guest whose address becomes proven', () => {
  it('start counting once the address is verified, counted by the sync worker a page at a time', async () => {
    // More purchases than one page of the worker's count (CATALOGUE_JOB_PAGE_SIZE 3 in the tests).
    const email = uniqueEmail('proven');
    const guest = { id: guestBuyerId(email), email };
    const bought = await Promise.all([1, 2, 3, 4].map((n) => createApp(testApp(owner.id, `proven-${n}`))));
    for (const app of bought) await insertCompleted(app, guest, { installation_counted: false });
    const installations = async () =>
      Promise.all(bought.map(async (app) => (await apps.getById(app.id))?.installations ?? 0));
    expect(await installations()).toEqual([0, 0, 0, 0]);

    const reg = await api('POST', '/api/register', {
      body: { full_name: 'Proven Guest', email, password: 'secret123', company_name: 'Practice' },
    });
    expect(reg.status).toBeLessThan(300);
    await verifyEmailOf(email);
    await queuesIdle();
    expect(await installations()).toEqual([1, 1, 1, 1]);
  });
});

describe('signed-in checkout', () => {
  it('grants a free app at once, with its code, and refuses a second licence', async () => {
    const buyer = await newDeveloper();
    const res = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: freeCode.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.new_account).toBeUndefined();
    expect(res.body.checkout_url).toBe(`${apiUrl()}/marketplace/purchase-success?session_id=${res.body.session_id}`);
    await deliveredPurchase(must(await purchasesRepo.getBySession(res.body.session_id), 'the purchase').id);
    const result = await api('GET', `/api/stripe/purchase/${res.body.session_id}`);
    expect(result.body).toMatchObject({ amount: 0, status: 'completed', license_status: 'assigned' });
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: buyer.token });
    expect(mine.body[0]).toMatchObject({ license_key: freeCode.universal_access_code, amount: 0, expires_at: null });
    const stored = await getPurchase(must(mine.body[0], 'the purchase').id);
    expect(stored).toMatchObject({ payment_method: 'free', platform_fee_cents: 0 });
    const mails = await waitForMail(buyer.email, (m) => m.subject === `Your license for ${freeCode.name}`);
    expect(mails[0]?.text).toContain(freeCode.universal_access_code as string);
    expect(mails[0]?.text).not.toContain('/forgot-password');

    const again = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: freeCode.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(ALREADY_LICENSED);
  });

  it('starts a paid checkout on the test page; an expired licence may be renewed', async () => {
    const buyer = await newDeveloper();
    // An expired licence of the same app: the renewal path is open.
    await insertCompleted(paidPool, buyer, {
      license_key: `OLD-${paidPool.id}`,
      expires_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const res = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: paidPool.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.checkout_url).toBe(`${apiUrl()}/api/stripe/test-checkout/${res.body.session_id}`);
    const pending = await purchasesRepo.getBySession(res.body.session_id);
    expect(pending).toMatchObject({ status: 'pending', license_status: null, amount_cents: 4900, user_id: buyer.id });
  });

  it('refuses the owner, apps outside the marketplace and missing input', async () => {
    const own = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: owner.token,
      body: { app_id: paidPool.id },
    });
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe(OWN_APP_PURCHASE);

    const buyer = await newDeveloper();
    for (const hidden of [
      testApp(owner.id, 'unapproved', { is_approved: false }),
      testApp(owner.id, 'internal', { type: 'internal' }),
      testApp(owner.id, 'suspended', { is_suspended: true }),
    ]) {
      await createApp(hidden);
      const res = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
        token: buyer.token,
        body: { app_id: hidden.id },
      });
      expect(res.status, hidden.slug).toBe(404);
      expect(res.body.detail).toBe(APP_NOT_FOUND);
    }
    expect(
      (
        await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
          token: buyer.token,
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
          body: { app_id: paidPool.id },
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST /api/stripe/webhook', () => {
  async function pendingPurchase() {
    const buyer = await newDeveloper();
    const res = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: paidPool.id },
    });
    expect(res.status).toBe(200);
    return { buyer, purchase: must(await purchasesRepo.getBySession(res.body.session_id), 'the pending purchase') };
  }

  it('refuses forged, missing and stale signatures and tampered bodies (400), changing nothing', async () => {
    const { purchase } = await pendingPurchase();
    const event = sessionCompletedEvent(purchase);
    const forged = await postEvent(event, 'whsec_not_the_real_secret');
    expect(forged.status).toBe(400);
    expect(typeof forged.body.detail).toBe('string');

    const payload = JSON.stringify(event);
    const missing = await api('POST', '/api/stripe/webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);

    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripeWebhookSecret(),
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const old = await api('POST', '/api/stripe/webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stale },
    });
    expect(old.status).toBe(400);

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret() });
    const tampered = await api('POST', '/api/stripe/webhook', {
      rawBody: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.status).toBe(400);

    expect((await getPurchase(purchase.id)).status).toBe('pending');
  });

  it('processes the same event delivered three times once: one purchase, one licence, one mail', async () => {
    const { buyer, purchase } = await pendingPurchase();
    const event = sessionCompletedEvent(purchase);
    const answers = [await postEvent(event)];
    // A repeat while the licence is still on its way answers 503 (Stripe retries later); once it is out, 200.
    await deliveredPurchase(purchase.id);
    for (let i = 0; i < 2; i++) answers.push(await postEvent(event));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]?.body).toEqual({ received: true });
    expect(answers[1]?.body).toEqual({ received: true, duplicate: true });
    expect(answers[2]?.body).toEqual({ received: true, duplicate: true });
    // Concurrent duplicates too.
    const burst = await Promise.all([postEvent(event), postEvent(event), postEvent(event)]);
    expect(burst.every((a) => a.status === 200 && a.body.duplicate === true)).toBe(true);
    // Another event for the already-completed session is a no-op.
    const late = await postEvent(sessionCompletedEvent(purchase, { type: 'checkout.session.async_payment_succeeded' }));
    expect(late.body).toEqual({ received: true, duplicate: true });

    const stored = await getPurchase(purchase.id);
    expect(stored).toMatchObject({ status: 'completed', license_status: 'assigned', fulfilment: 'done' });
    const mine = await api('GET', '/api/stripe/my-purchases', { token: buyer.token });
    expect(mine.body).toHaveLength(1);
    const mails = await waitForMail(buyer.email, (m) => m.subject === `Your license for ${paidPool.name}`);
    expect(mails).toHaveLength(1);
  });

  it('acknowledges what it cannot use without failing: unknown sessions, unpaid sessions, other event types', async () => {
    const { purchase } = await pendingPurchase();
    const unknown = await postEvent(sessionCompletedEvent({ ...purchase, session_id: 'cs_test_unknown_session' }));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ received: true, ignored: 'unknown checkout session' });

    const unpaid = await postEvent(sessionCompletedEvent(purchase, { object: { payment_status: 'unpaid' } }));
    expect(unpaid.status).toBe(200);
    expect((await getPurchase(purchase.id)).status).toBe('pending');

    const other = await postEvent({
      id: 'evt_other_type',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ received: true });
  });
});

describe('the test-checkout pages', () => {
  it('answer 404 for sessions that do not exist or are not test sessions', async () => {
    expect((await api('GET', '/api/stripe/test-checkout/cs_test_local_nope')).status).toBe(404);
    const pay = await fetch(`${apiUrl()}/api/stripe/test-checkout/cs_test_local_nope/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(404);
    const free = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: (await newDeveloper()).token,
      body: { app_id: freeCode.id },
    });
    expect((await api('GET', `/api/stripe/test-checkout/${free.body.session_id}`)).status).toBe(404);
  });
});

describe('concurrent checkouts of one app by one buyer', () => {
  it('10 at once give 1 session and 9 answers that say why; a paid licence then blocks the next one', async () => {
    const buyer = await newDeveloper();
    const app = await createPoolApp(owner.id, 'race', 2, { price_cents: 2500 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
          token: buyer.token,
          body: { app_id: app.id },
        }),
      ),
    );
    const started = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { detail: CHECKOUT_IN_PROGRESS } });
    const stored = await purchasesRepo.listByBuyer(buyer.id, { includePending: true });
    expect(stored.filter((p) => p.app_id === app.id)).toHaveLength(1);

    // Once paid, the buyer holds a valid licence: the answer says so.
    const session = must(started[0], 'the started checkout').body;
    const { pay } = await payTestCheckout(session.checkout_url);
    expect(pay.status).toBe(303);
    await expect.poll(async () => (await purchasesRepo.getBySession(session.session_id))?.status).toBe('completed');
    const again = await api<WithDetail<CheckoutSession>>('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: app.id },
    });
    expect(again).toMatchObject({ status: 409, body: { detail: ALREADY_LICENSED } });
  });
});
