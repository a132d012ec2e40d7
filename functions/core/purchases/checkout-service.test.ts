import { OWN_APP_PURCHASE, PAYMENTS_UNAVAILABLE } from '@shared/schemas/checkout';
import { assert, describe, expect, it } from 'vitest';
import type { AppRecord } from '../apps/app';
import type { OutgoingMail, UsersRepository } from '../users/ports';
import type { User } from '../users/user';
import { createCheckoutService, type PaymentMode } from './checkout-service';
import type { CheckoutSessionInput } from './ports';
import { guestBuyerId, type PurchaseRecord } from './purchase';
import { appFixture, memoryStore, usersFixture } from './testing';

function memoryUsers(initial: User[]): UsersRepository {
  const users = new Map(initial.map((u) => [u.id, u]));
  return {
    async create(user) {
      if ([...users.values()].some((u) => u.email === user.email)) throw new Error('taken');
      users.set(user.id, user);
    },
    async findById(id) {
      return users.get(id);
    },
    async findByEmail(email) {
      return [...users.values()].find((u) => u.email === email);
    },
    findCredentials: async () => undefined,
    updateProfile: async () => undefined,
    setPasswordHash: async () => {},
    setApproved: async () => undefined,
    createClaimed: async () => 'claim_invalid',
    linkEmail: async () => 'claim_invalid',
    verifyByClaim: async () => false,
    convertToPractice: async () => false,
  };
}

function setup(app: AppRecord, payments: PaymentMode = { kind: 'test' }, now?: () => Date) {
  const mem = memoryStore();
  const fulfilled: PurchaseRecord[] = [];
  const mails: OutgoingMail[] = [];
  const users = memoryUsers([usersFixture.dev, usersFixture.buyer]);
  const service = createCheckoutService({
    apps: { getById: async (id) => (id === app.id ? app : undefined) },
    users,
    purchases: mem.repo,
    fulfilment: {
      fulfil: async (p) => {
        fulfilled.push(p);
        return null;
      },
    },
    payments,
    appUrl: 'https://market.example.com',
    mailer: { sendMail: async (m) => void mails.push(m) },
    now: now ?? (() => new Date('2026-02-01T00:00:00.000Z')),
  });
  return { mem, service, fulfilled, mails, users };
}

function stripeMode() {
  const sessions: CheckoutSessionInput[] = [];
  const mode: PaymentMode = {
    kind: 'stripe',
    gateway: {
      async createCheckoutSession(input) {
        sessions.push(input);
        return { id: `cs_live_${sessions.length}`, url: `https://checkout.stripe.com/c/pay/${sessions.length}` };
      },
      refund: async () => null,
      cancelSubscription: async () => {},
    },
  };
  return { mode, sessions };
}

describe('createCheckoutService', () => {
  it('free apps: a completed purchase, the licence delivered, straight to the success page', async () => {
    const app = appFixture({ pricing_model: 'free', price_cents: 0 });
    const { service, fulfilled, mem } = setup(app);
    const res = await service.startCheckout(app.id, 'buyer-1');
    expect(res.checkout_url).toBe(
      `https://market.example.com/marketplace/purchase-success?session_id=${res.session_id}`,
    );
    expect(fulfilled).toHaveLength(1);
    expect(mem.purchases.get(fulfilled[0]?.id ?? '')).toMatchObject({
      status: 'completed',
      amount_cents: 0,
      platform_fee_cents: 0,
      payment_method: 'free',
    });
  });

  it('test mode: a pending purchase and the local test-checkout page', async () => {
    const app = appFixture();
    const { service, mem } = setup(app);
    const res = await service.startCheckout(app.id, 'buyer-1');
    expect(res.checkout_url).toBe(`https://market.example.com/api/stripe/test-checkout/${res.session_id}`);
    expect(res.session_id).toMatch(/^cs_test_local_[A-Za-z0-9_-]{24}$/);
    expect(await mem.repo.getBySession(res.session_id)).toMatchObject({
      status: 'pending',
      license_status: null,
      amount_cents: 4900,
      platform_fee_cents: 980,
    });
    expect((await service.testCheckoutPurchase(res.session_id)).id).toBeDefined();
  });

  it('Stripe: a payment session priced from the app, with the platform fee to a connected account', async () => {
    const app = appFixture({ price_cents: 12_345, tagline: 'Fast charts' });
    const { mode, sessions } = stripeMode();
    const { service, mem } = setup(app, mode);
    mem.payout.set(app.user_id, 'acct_dev');
    const res = await service.startCheckout(app.id, 'buyer-1');
    expect(res).toEqual({ checkout_url: 'https://checkout.stripe.com/c/pay/1', session_id: 'cs_live_1' });
    const [input] = sessions;
    assert(input, 'a Stripe session');
    expect(input).toMatchObject({
      mode: 'payment',
      amountCents: 12_345,
      currency: 'usd',
      productName: 'App One',
      productDescription: 'Fast charts',
      interval: null,
      customerEmail: 'buyer@example.com',
      successUrl: 'https://market.example.com/marketplace/purchase-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://market.example.com/marketplace/app/app-one',
      payout: { destination: 'acct_dev', feeCents: 2469, feePercent: 20 },
    });
    expect(input.metadata).toEqual({ purchase_id: input.purchaseId, app_id: app.id, user_id: 'buyer-1' });
    expect(await mem.repo.getBySession('cs_live_1')).toMatchObject({ id: input.purchaseId, payment_method: 'card' });
    // With Stripe configured the local test pages do not exist.
    await expect(service.testCheckoutPurchase('cs_live_1')).rejects.toMatchObject({ status: 404 });
  });

  it('Stripe: subscriptions by the app period with the free trial; no payout without an account', async () => {
    const app = appFixture({ pricing_model: 'subscription', price_period: 'yearly', free_trial_days: 14 });
    const { mode, sessions } = stripeMode();
    const { service } = setup(app, mode);
    await service.startGuestCheckout(app.id, 'new.person@example.com');
    expect(sessions[0]).toMatchObject({ mode: 'subscription', interval: 'year', trialDays: 14, payout: null });
    expect(sessions[0]?.successUrl).toMatch(/&new_account=true$/);
  });

  it('refuses paid checkouts in the cloud without Stripe keys', async () => {
    const app = appFixture();
    const { service } = setup(app, { kind: 'unavailable' });
    await expect(service.startCheckout(app.id, 'buyer-1')).rejects.toMatchObject({
      status: 503,
      message: PAYMENTS_UNAVAILABLE,
    });
  });

  it('guest checkout creates no account, answers alike for every address and grants a free app only once confirmed', async () => {
    const app = appFixture({ pricing_model: 'free', price_cents: 0 });
    const { service, fulfilled, mem, mails, users } = setup(app);
    const known = await service.startGuestCheckout(app.id, usersFixture.buyer.email);
    const unknown = await service.startGuestCheckout(app.id, 'Guest@Example.com ');
    expect(known).toEqual(unknown);
    expect(unknown).toEqual({
      checkout_url: 'https://market.example.com/marketplace/purchase-success?confirm=sent&new_account=true',
      session_id: '',
      new_account: true,
    });
    expect(await users.findByEmail('guest@example.com')).toBeUndefined();
    expect(fulfilled).toHaveLength(0);
    // The confirmation mail is in the platform's words only: no app name, nothing the developer wrote.
    const mail = mails.find((m) => m.to === 'guest@example.com');
    expect(mail?.text).not.toContain(app.name);
    const token = /confirm-license\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    const granted = await service.confirmGuestLicence(token);
    expect(granted.new_account).toBe(true);
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0]).toMatchObject({
      user_id: guestBuyerId('guest@example.com'),
      buyer_email: 'guest@example.com',
    });
    // Following the link again grants nothing more.
    await service.confirmGuestLicence(token);
    expect(fulfilled).toHaveLength(1);
    expect([...mem.purchases.values()].filter((p) => p.status === 'completed')).toHaveLength(1);
    await expect(service.confirmGuestLicence('x'.repeat(24))).rejects.toMatchObject({ status: 404 });
  });

  it('a guest confirmation link expires', async () => {
    const app = appFixture({ pricing_model: 'free', price_cents: 0 });
    let at = new Date('2026-02-01T00:00:00.000Z');
    const { service, mails } = setup(app, { kind: 'test' }, () => at);
    await service.startGuestCheckout(app.id, 'late@example.com');
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] as string;
    at = new Date('2026-02-03T00:00:01.000Z');
    await expect(service.confirmGuestLicence(token)).rejects.toMatchObject({ status: 404 });
  });

  it('a paid guest checkout goes to payment the same way for an address that holds a licence', async () => {
    const app = appFixture();
    const { service } = setup(app);
    const first = await service.startGuestCheckout(app.id, usersFixture.buyer.email);
    const second = await service.startGuestCheckout(app.id, usersFixture.buyer.email);
    expect(first.checkout_url).toMatch(/\/api\/stripe\/test-checkout\/cs_test_local_/);
    expect(second.new_account).toBe(true);
    expect(second.session_id).not.toBe(first.session_id);
  });

  it('refuses the owner and apps outside the marketplace', async () => {
    const app = appFixture();
    const { service } = setup(app);
    await expect(service.startCheckout(app.id, 'dev-1')).rejects.toMatchObject({
      status: 400,
      message: OWN_APP_PURCHASE,
    });
    for (const hidden of [{ is_approved: false }, { type: 'partner' as const }, { is_suspended: true }]) {
      const { service: s } = setup(appFixture(hidden));
      await expect(s.startCheckout('app-1', 'buyer-1')).rejects.toMatchObject({ status: 404 });
    }
  });
});
