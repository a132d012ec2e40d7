import { describe, expect, it } from 'vitest';
import type { Delivery } from '../licences/fulfilment';
import { createPaymentEvents, idOf } from './payment-events';
import type { PaymentEvent } from './ports';
import type { PurchaseRecord } from './purchase';
import { memoryMailer, memoryStore, purchaseFixture } from './testing';

const NOW = new Date('2026-03-01T12:00:00.000Z');

const pending = (overrides: Partial<PurchaseRecord> = {}) => purchaseFixture(overrides);

const completedEvent = (id: string, object: Record<string, unknown> = {}): PaymentEvent => ({
  id,
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_1', payment_status: 'paid', amount_total: 4900, payment_intent: 'pi_1', ...object } },
});

async function setup(purchase = pending()) {
  const mem = memoryStore();
  await mem.repo.create(purchase);
  const fulfilled: PurchaseRecord[] = [];
  const mailer = memoryMailer();
  let now = NOW;
  const events = createPaymentEvents({
    purchases: mem.repo,
    fulfilment: {
      fulfil: async (p): Promise<Delivery> => {
        fulfilled.push(p);
        Object.assign(mem.purchases.get(p.id) ?? {}, { fulfilment: 'done', license_status: 'assigned' });
        return { license_status: 'assigned', license_key: 'K', expires_at: p.expires_at };
      },
    },
    mailer,
    appUrl: 'https://market.example.com',
    now: () => now,
  });
  return { mem, events, fulfilled, mailer, setNow: (d: Date) => (now = d) };
}

describe('checkout.session.completed', () => {
  it('completes the pending purchase once and delivers its licence once', async () => {
    const { mem, events, fulfilled } = await setup();
    expect(await events.handle(completedEvent('evt_1'))).toEqual({ received: true });
    expect(await events.handle(completedEvent('evt_1'))).toEqual({ received: true, duplicate: true });
    expect(
      await events.handle({ ...completedEvent('evt_2'), type: 'checkout.session.async_payment_succeeded' }),
    ).toEqual({
      received: true,
      duplicate: true,
    });
    expect(fulfilled).toHaveLength(1);
    expect(mem.purchases.get('p1')).toMatchObject({
      status: 'completed',
      payment_intent_id: 'pi_1',
      completed_at: NOW.toISOString(),
    });
  });

  it('waits for the money: unpaid sessions change nothing', async () => {
    const { mem, events, fulfilled } = await setup();
    expect(await events.handle(completedEvent('evt_1', { payment_status: 'unpaid' }))).toMatchObject({
      ignored: 'not paid yet',
    });
    expect(mem.purchases.get('p1')?.status).toBe('pending');
    expect(fulfilled).toHaveLength(0);
  });

  it('completes a subscription with a trial (no_payment_required) and sets the expiry', async () => {
    const { mem, events } = await setup(
      pending({ pricing_model: 'subscription', price_period: 'yearly', free_trial_days: 7 }),
    );
    await events.handle(
      completedEvent('evt_1', { payment_status: 'no_payment_required', subscription: { id: 'sub_1' } }),
    );
    expect(mem.purchases.get('p1')).toMatchObject({
      status: 'completed',
      stripe_subscription_id: 'sub_1',
      expires_at: '2027-03-08T12:00:00.000Z',
    });
  });

  it('acknowledges sessions it does not know', async () => {
    const { events } = await setup();
    expect(await events.handle(completedEvent('evt_1', { id: 'cs_other' }))).toMatchObject({
      received: true,
      ignored: 'unknown checkout session',
    });
  });

  it('takes over a delivery whose worker died, once its lease ran out', async () => {
    const { mem, events, fulfilled, setNow } = await setup();
    await mem.repo.complete('p1', 'evt_1', {
      completed_at: NOW.toISOString(),
      expires_at: null,
      payment_intent_id: null,
      stripe_subscription_id: null,
      stripe_invoice_id: null,
      fulfilment_lease_until: NOW.getTime() + 60_000,
      installation_counted: false,
      license_status: null,
    });
    // Lease still held: not acknowledged, so Stripe retries later.
    await expect(events.handle(completedEvent('evt_1'))).rejects.toMatchObject({ status: 503 });
    expect(fulfilled).toHaveLength(0);
    setNow(new Date(NOW.getTime() + 120_000));
    expect(await events.handle(completedEvent('evt_1'))).toEqual({ received: true, duplicate: true });
    expect(fulfilled).toHaveLength(1);
  });
});

describe('refunds and subscriptions', () => {
  it('charge.refunded (full) refunds and revokes once, and mails the buyer', async () => {
    const { mem, events, mailer } = await setup();
    await events.handle(completedEvent('evt_1'));
    const refunded: PaymentEvent = {
      id: 'evt_r',
      type: 'charge.refunded',
      data: { object: { refunded: true, payment_intent: 'pi_1' } },
    };
    expect(
      await events.handle({
        ...refunded,
        id: 'evt_partial',
        data: { object: { refunded: false, payment_intent: 'pi_1' } },
      }),
    ).toMatchObject({
      ignored: 'partial refund',
    });
    expect(await events.handle(refunded)).toEqual({ received: true });
    expect(await events.handle(refunded)).toEqual({ received: true, duplicate: true });
    expect(mem.purchases.get('p1')).toMatchObject({ status: 'refunded', license_status: 'revoked' });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your refund for App One']);
  });

  it('invoice.paid renewals extend the licence; customer.subscription.deleted ends it', async () => {
    const { mem, events, setNow } = await setup(pending({ pricing_model: 'subscription', price_period: 'monthly' }));
    await events.handle(completedEvent('evt_1', { payment_intent: null, subscription: 'sub_1' }));
    expect(mem.purchases.get('p1')?.expires_at).toBe('2026-04-01T12:00:00.000Z');
    const first = {
      id: 'evt_i0',
      type: 'invoice.paid',
      data: { object: { billing_reason: 'subscription_create', subscription: 'sub_1' } },
    };
    expect(await events.handle(first)).toMatchObject({ ignored: 'not a renewal' });
    setNow(new Date('2026-04-01T12:00:05.000Z'));
    const renewal = {
      id: 'evt_i1',
      type: 'invoice.paid',
      data: {
        object: { billing_reason: 'subscription_cycle', parent: { subscription_details: { subscription: 'sub_1' } } },
      },
    };
    expect(await events.handle(renewal)).toEqual({ received: true });
    expect(mem.purchases.get('p1')?.expires_at).toBe('2026-05-01T12:00:05.000Z');
    const ended = {
      id: 'evt_d',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1', ended_at: 1777000000 } },
    };
    await events.handle(ended);
    expect(mem.purchases.get('p1')?.expires_at).toBe(new Date(1777000000 * 1000).toISOString());
  });

  it('acknowledges event types it does not handle', async () => {
    const { events } = await setup();
    expect(await events.handle({ id: 'e', type: 'customer.created', data: { object: {} } })).toMatchObject({
      received: true,
    });
  });
});

describe('idOf', () => {
  it('reads expandable fields', () => {
    expect(idOf('pi_1')).toBe('pi_1');
    expect(idOf({ id: 'sub_1' })).toBe('sub_1');
    expect(idOf(null)).toBeNull();
    expect(idOf('')).toBeNull();
  });
});
