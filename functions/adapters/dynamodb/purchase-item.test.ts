import { describe, expect, it } from 'vitest';
import { purchaseFixture } from '../../core/purchases/testing';
import { purchaseKeys } from './keys';
import { fromPurchaseItem, toPurchaseItem, toPurchaseLicence } from './purchase-item';

const purchase = purchaseFixture({
  status: 'completed',
  license_status: 'assigned',
  license_key: 'K-1',
  completed_at: '2026-03-01T11:01:00.000Z',
  fulfilment: 'done',
});

describe('the purchase item', () => {
  it('reads back what it writes, under the buyer and app-sales indexes', () => {
    const item = toPurchaseItem(purchase);
    expect(item).toMatchObject({
      ...purchaseKeys.purchase('p1'),
      GSI1PK: 'BUYER#buyer-1',
      GSI1SK: 'PURCHASE#2026-03-01T11:00:00.000Z#p1',
      GSI2PK: 'APPSALES#app-1',
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
