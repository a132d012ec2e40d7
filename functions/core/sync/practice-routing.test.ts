import { describe, expect, it } from 'vitest';
import { guestBuyerId, type PurchaseRecord } from '../purchases/purchase';
import { purchaseFixture } from '../purchases/testing';
import { appsForEvent, type PracticeHoldings, routableLicences } from './practice-routing';

const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const ADDRESS = 'frontdesk@riverside.example';
const licence = (over: Partial<PurchaseRecord>): PurchaseRecord =>
  purchaseFixture({
    status: 'completed',
    license_status: 'active',
    completed_at: '2026-05-01T00:00:00.000Z',
    expires_at: null,
    ...over,
  });
const guest = (over: Partial<PurchaseRecord>) => licence({ user_id: guestBuyerId(ADDRESS), ...over });
const holdings = (account: PracticeHoldings['account'], ...purchases: PurchaseRecord[]): PracticeHoldings => ({
  account,
  purchases,
  installs: [],
});
const routed = (h: PracticeHoldings) => [...routableLicences(h, NOW).keys()].sort();

describe('practice event routing', () => {
  it("a verified account's own licences and its address's guest licences are routable", () => {
    const h = holdings(
      { id: 'u1', email_verified: true },
      licence({ app_id: 'signed-in', user_id: 'u1', payment_method: 'card' }),
      guest({ app_id: 'paid-guest', payment_method: 'card' }),
    );
    expect(routed(h)).toEqual(['paid-guest', 'signed-in']);
  });

  it('an unverified account proves nothing: neither its own licences nor paid guest ones', () => {
    const h = holdings(
      { id: 'u1', email_verified: false },
      licence({ app_id: 'signed-in-free', user_id: 'u1', payment_method: 'free' }),
      licence({ app_id: 'signed-in-paid', user_id: 'u1', payment_method: 'card' }),
      guest({ app_id: 'paid-guest', payment_method: 'card' }),
    );
    expect(routed(h)).toEqual([]);
  });

  it('a confirmed free guest grant proves the address; a paid guest purchase alone does not', () => {
    const h = holdings(
      null,
      guest({ app_id: 'free-guest', payment_method: 'free' }),
      guest({ app_id: 'paid-guest', payment_method: 'card' }),
    );
    expect(routed(h)).toEqual(['free-guest']);
  });

  it('only valid licences: not refunded, delivered, not expired', () => {
    const h = holdings(
      { id: 'u1', email_verified: true },
      licence({ app_id: 'refunded', user_id: 'u1', status: 'refunded', license_status: 'revoked' }),
      licence({ app_id: 'pending', user_id: 'u1', license_status: 'manual_pending' }),
      licence({ app_id: 'expired', user_id: 'u1', expires_at: '2026-05-31T00:00:00.000Z' }),
      licence({ app_id: 'assigned', user_id: 'u1', license_status: 'assigned' }),
    );
    expect(routed(h)).toEqual(['assigned']);
  });

  it('an event reaches an app only if it occurred after the earliest valid licence was issued', () => {
    const h = holdings(
      { id: 'u1', email_verified: true },
      licence({ app_id: 'a', user_id: 'u1', completed_at: '2026-05-10T00:00:00.000Z' }),
      licence({ app_id: 'a', user_id: 'u1', completed_at: '2026-05-20T00:00:00.000Z' }),
      licence({ app_id: 'b', user_id: 'u1', completed_at: '2026-05-15T00:00:00.000Z' }),
    );
    const licences = routableLicences(h, NOW);
    expect(appsForEvent(licences, '2026-05-09T23:59:59.999Z')).toEqual([]);
    expect(appsForEvent(licences, '2026-05-10T00:00:00.000Z')).toEqual(['a']);
    expect(appsForEvent(licences, '2026-05-16T00:00:00.000Z')).toEqual(['a', 'b']);
    expect(appsForEvent(licences, 'not a time')).toEqual([]);
  });
});
