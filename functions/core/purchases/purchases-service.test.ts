import { REFUND_ONLY_COMPLETED, REFUND_WINDOW_CLOSED } from '@shared/schemas/checkout';
import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from './ports';
import type { PurchaseRecord } from './purchase';
import { analyticsOf, createPurchasesService, summarise, toPurchaseView } from './purchases-service';
import { appFixture, memoryMailer, memoryStore, purchaseFixture } from './testing';

const NOW = new Date('2026-06-30T00:00:00.000Z');

function purchase(id: string, overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  const base = purchaseFixture();
  return purchaseFixture({
    id,
    user_id: `u-${id}`,
    buyer_email: `${id}@example.com`,
    buyer_name: `Buyer ${id}`,
    app: { ...base.app, description: 'Desc', company_name: 'Dev Co' },
    status: 'completed',
    license_status: 'assigned',
    license_key: `KEY-${id}`,
    amount_cents: 1999,
    platform_fee_cents: 400,
    session_id: `cs_${id}`,
    payment_intent_id: `pi_${id}`,
    created_at: '2026-06-20T00:00:00.000Z',
    completed_at: '2026-06-20T00:00:00.000Z',
    fulfilment: 'done',
    ...overrides,
  });
}

describe('totals', () => {
  it('count completed purchases only, in dollars rounded to cents', () => {
    const list = [
      purchase('a', { amount_cents: 1999 }),
      purchase('b', { amount_cents: 1999, user_id: 'u-a' }),
      purchase('c', { amount_cents: 1, payment_method: 'free' }),
      purchase('d', { status: 'refunded', amount_cents: 5000 }),
    ];
    expect(summarise(list)).toEqual({ purchases: 4, total_sales: 3, total_revenue: 39.99 });
    const a = analyticsOf(list);
    expect(a.total_revenue).toBe(39.99);
    expect(a.customers).toEqual([
      { id: 'u-a', name: 'Buyer a', email: 'a@example.com', purchase_count: 2 },
      { id: 'u-c', name: 'Buyer c', email: 'c@example.com', purchase_count: 1 },
    ]);
    expect(a.recent_purchases.map((p) => p.id)).not.toContain('d');
  });

  it('hides the key of a revoked licence from the buyer', () => {
    expect(toPurchaseView(purchase('a', { status: 'refunded', license_status: 'revoked' }))).toMatchObject({
      license_key: null,
      assigned_license_key: null,
    });
  });
});

describe('refund', () => {
  function setup(gateway: PaymentGateway | null) {
    const mem = memoryStore();
    const mailer = memoryMailer();
    const published: string[] = [];
    const service = createPurchasesService({
      purchases: mem.repo,
      apps: { getById: async () => appFixture() },
      mailer,
      gateway,
      events: { publish: async (_app, type) => published.push(type) },
      appUrl: 'https://market.example.com',
      renderInvoice: () => Buffer.alloc(0),
      now: () => NOW,
    });
    return { mem, mailer, service, published };
  }
  const calls: Array<Record<string, unknown>> = [];
  const gateway: PaymentGateway = {
    createCheckoutSession: async () => ({ id: 'x', url: 'y' }),
    refund: async (input) => {
      calls.push(input);
      return { id: 're_1' };
    },
    cancelSubscription: async () => {
      throw new Error('already cancelled');
    },
  };

  it('refunds through Stripe, revokes the licence, mails the buyer, tells the developer webhooks', async () => {
    const { mem, mailer, service, published } = setup(gateway);
    await mem.repo.create(purchase('a', { stripe_subscription_id: 'sub_1' }));
    expect(await service.refund('a')).toMatchObject({
      status: 'refunded',
      license_status: 'revoked',
      refund_id: 're_1',
    });
    expect(calls).toEqual([{ purchaseId: 'a', paymentIntentId: 'pi_a', invoiceId: null }]);
    expect(mem.purchases.get('a')).toMatchObject({ status: 'refunded', license_status: 'revoked' });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your refund for App One']);
    expect(published).toEqual(['license.revoked']);
    await expect(service.refund('a')).rejects.toMatchObject({ status: 409, message: REFUND_ONLY_COMPLETED });
  });

  it('refuses after 30 days, and card refunds without Stripe configured', async () => {
    const { mem, service } = setup(null);
    await mem.repo.create(purchase('old', { created_at: '2026-05-30T23:59:59.000Z' }));
    await expect(service.refund('old')).rejects.toMatchObject({ status: 409, message: REFUND_WINDOW_CLOSED });
    await mem.repo.create(purchase('card'));
    await expect(service.refund('card')).rejects.toMatchObject({ status: 503 });
    await mem.repo.create(purchase('test', { payment_method: 'test', payment_intent_id: null }));
    expect(await service.refund('test')).toMatchObject({ refund_id: null, status: 'refunded' });
    await expect(service.refund('nope')).rejects.toMatchObject({ status: 404 });
  });
});
