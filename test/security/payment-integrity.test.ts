/**
 * Payments. A Stripe payment whose amount or currency did not match the price
 * completed the purchase and delivered a licence (only a log line told); a dispute opened in
 * Stripe left the licence valid, and refunds and disputes made in Stripe's dashboard were never
 * audited (issue 30, row 6). Events are signed with the real Stripe SDK, as Stripe signs them.
 */
import { randomUUID } from 'node:crypto';
import type { AdminPurchase } from '@shared/schemas/checkout';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../functions/core/apps/app';
import { checkoutServices } from '../../functions/wiring/checkout';
import {
  createPoolApp,
  deliveredPurchase,
  getPurchase,
  insertPurchase,
  postEvent,
  sessionCompletedEvent,
  stripeEvent,
  stripeId,
} from '../integration/checkout-fixtures';
import { adminToken, api, auditEntries, newDeveloper } from '../support/api';
import { refusingAuditWrites } from './support/refuse-audit-writes';

let app: AppRecord;
let admin: string;

beforeAll(async () => {
  const owner = await newDeveloper();
  app = await createPoolApp(owner.id, 'pay-integrity', 6, { price_cents: 4900 });
  admin = await adminToken();
});

const auditOf = (purchaseId: string) => auditEntries({ target_id: purchaseId });

async function adminView(purchaseId: string) {
  const res = await api<AdminPurchase[]>('GET', `/api/admin/apps/${app.id}/purchases`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.find((p) => p.id === purchaseId);
}

describe('a payment that does not match the price', () => {
  it.each([
    ['a lower amount', { amount_total: 100, currency: 'usd' }],
    ['another currency', { amount_total: 4900, currency: 'jpy' }],
  ])('with %s flags the purchase for the admin and issues no licence', async (_label, paid) => {
    const p = await insertPurchase(app, { payment_method: 'card', session_id: `cs_test_${randomUUID()}` });
    const res = await postEvent(
      sessionCompletedEvent(p, { object: { ...paid, payment_intent: `pi_${randomUUID()}` } }),
    );
    expect(res.status).toBe(200);
    const stored = await getPurchase(p.id);
    expect(stored.status).toBe('payment_mismatch');
    expect(stored.license_key).toBeNull();
    expect(stored.license_status).toBeNull();
    const row = await adminView(p.id);
    expect(row).toMatchObject({ status: 'payment_mismatch' });
    expect(String(row?.flag)).toContain(`${(paid.amount_total / 100).toFixed(2)} ${paid.currency.toUpperCase()}`);
    // The buyer's success page does not call it a licence.
    const pub = await api('GET', `/api/stripe/purchase/${p.session_id}`);
    expect(pub.body.license_status ?? null).toBeNull();
  });

  it('a matching payment still completes with a licence', async () => {
    const p = await insertPurchase(app, { payment_method: 'card', session_id: `cs_test_${randomUUID()}` });
    expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
    const stored = await deliveredPurchase(p.id);
    expect(stored.status).toBe('completed');
    expect(stored.license_key).toMatch(/^KEY-/);
  });
});

/** Stripe's charge.refunded for the whole 49.00 paid through `pi`. */
const fullRefund = (pi: string) =>
  stripeEvent('charge.refunded', {
    id: stripeId('ch'),
    object: 'charge',
    amount: 4900,
    amount_refunded: 4900,
    refunded: true,
    payment_intent: pi,
  });

describe('disputes and refunds made in the Stripe dashboard', () => {
  async function paidPurchase() {
    const pi = stripeId('pi');
    const p = await insertPurchase(app, { payment_method: 'card', session_id: `cs_test_${randomUUID()}` });
    expect((await postEvent(sessionCompletedEvent(p, { object: { payment_intent: pi } }))).status).toBe(200);
    const done = await deliveredPurchase(p.id);
    expect(done).toMatchObject({ status: 'completed', license_status: 'assigned' });
    return { p: done, pi };
  }

  it('charge.dispute.created revokes the licence', async () => {
    const { p, pi } = await paidPurchase();
    const dispute = stripeEvent('charge.dispute.created', {
      id: stripeId('dp'),
      object: 'dispute',
      amount: 4900,
      currency: 'usd',
      charge: stripeId('ch'),
      payment_intent: pi,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect((await postEvent(dispute)).status).toBe(200);
    const stored = await getPurchase(p.id);
    expect(stored.license_status).toBe('revoked');
    expect(stored.status).not.toBe('completed');
    expect(String((await adminView(p.id))?.flag)).toContain('Disputed in Stripe');
    // Replayed: nothing changes, still acknowledged.
    expect((await postEvent(dispute)).status).toBe(200);
    // Audited once, with Stripe as the actor (issue 30, row 6).
    expect(await auditOf(p.id)).toEqual([
      expect.objectContaining({
        action: 'purchase.dispute_in_stripe',
        actor_id: 'stripe',
        actor_role: 'system',
        target_type: 'purchase',
        changes: expect.objectContaining({ status: { before: 'completed', after: 'refunded' } }),
      }),
    ]);
  });

  it('charge.refunded (full) revokes the licence', async () => {
    const { p, pi } = await paidPurchase();
    const refund = fullRefund(pi);
    expect((await postEvent(refund)).status).toBe(200);
    expect(await getPurchase(p.id)).toMatchObject({ status: 'refunded', license_status: 'revoked' });
    expect((await auditOf(p.id)).map((e) => [e.action, e.actor_id, e.target_label])).toEqual([
      ['purchase.refund_in_stripe', 'stripe', app.name],
    ]);
  });

  it('a refund made in Stripe lands with its audit entry or not at all', async () => {
    const { p, pi } = await paidPurchase();
    const refund = fullRefund(pi);
    // The event handled in this process while its audit entry cannot be written. Before: the
    // refund committed, the entry's write failed after it and was only logged; the trail never
    // learnt of the refund, and Stripe's retry found it done.
    await expect(refusingAuditWrites('all', () => checkoutServices.events.handle(refund))).rejects.toThrow();
    expect(await getPurchase(p.id)).toMatchObject({ status: 'completed', license_status: 'assigned' });
    expect(await auditOf(p.id)).toEqual([]);
    // Stripe sends the event again: the refund and its entry land together, once.
    expect(await checkoutServices.events.handle(refund)).toEqual({ received: true });
    expect(await getPurchase(p.id)).toMatchObject({ status: 'refunded', license_status: 'revoked' });
    expect((await auditOf(p.id)).map((e) => [e.action, e.actor_id])).toEqual([['purchase.refund_in_stripe', 'stripe']]);
  });
});
