import { describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../core/purchases/purchase';
import { purchaseKeys } from './keys';
import { fromPurchaseItem, toPurchaseItem, toPurchaseLicence } from './purchase-item';

const purchase: PurchaseRecord = {
  id: 'p1',
  app_id: 'a1',
  developer_id: 'd1',
  user_id: 'u1',
  buyer_email: 'b@example.com',
  buyer_name: 'Bea',
  buyer_new_account: false,
  app: {
    id: 'a1',
    name: 'Chart',
    slug: 'chart',
    icon_url: null,
    description: null,
    documentation_url: null,
    company_name: null,
  },
  pricing_model: 'one_time',
  price_period: null,
  free_trial_days: 0,
  licensing_type: 'key_pool',
  status: 'completed',
  license_status: 'assigned',
  license_key: 'K-1',
  amount_cents: 4900,
  platform_fee_cents: 490,
  currency: 'usd',
  payment_method: 'card',
  session_id: 's1',
  payment_intent_id: null,
  stripe_subscription_id: null,
  stripe_invoice_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: '2026-01-01T00:01:00.000Z',
  expires_at: null,
  refunded_at: null,
  flag: null,
  fulfilment: 'done',
  fulfilment_lease_until: null,
} as PurchaseRecord;

describe('the purchase item', () => {
  it('reads back what it writes, under the buyer and app-sales indexes', () => {
    const item = toPurchaseItem(purchase);
    expect(item).toMatchObject({
      ...purchaseKeys.purchase('p1'),
      GSI1PK: 'BUYER#u1',
      GSI1SK: 'PURCHASE#2026-01-01T00:00:00.000Z#p1',
      GSI2PK: 'APPSALES#a1',
    });
    expect(fromPurchaseItem(item)).toEqual(fromPurchaseItem(JSON.parse(JSON.stringify(item))));
    expect(fromPurchaseItem(item)).toMatchObject({ ...purchase, flag: null });
  });

  it('gives the Partner API a view that never grants access on what it does not know', () => {
    const item = { ...toPurchaseItem(purchase), license_status: 'weird', status: 'failed' };
    const view = toPurchaseLicence(item);
    expect(view).toMatchObject({ id: 'p1', license_status: 'manual_pending', status: 'pending', license_key: 'K-1' });
    // An item without its id attribute still names its purchase (from the key).
    const { id: _id, ...noId } = toPurchaseItem(purchase);
    expect(toPurchaseLicence(noId).id).toBe('p1');
  });
});
