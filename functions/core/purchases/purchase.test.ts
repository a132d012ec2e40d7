import type { LicensingType } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import {
  billingInterval,
  centsToDollars,
  completionAt,
  isFreeApp,
  isLicenceHeld,
  licenceExpiry,
  NO_PAYMENT_REFS,
  platformFeeCents,
  refundDeadline,
  renewedExpiry,
} from './purchase';

const at = (iso: string) => new Date(iso);

describe('money', () => {
  it('takes a 20% platform fee, rounded to the cent', () => {
    expect(platformFeeCents(4900)).toBe(980);
    expect(platformFeeCents(4999)).toBe(1000);
    expect(platformFeeCents(0)).toBe(0);
    expect(centsToDollars(4999)).toBe(49.99);
  });

  it('treats the free model and a zero price as free', () => {
    expect(isFreeApp({ pricing_model: 'free', price_cents: 900 })).toBe(true);
    expect(isFreeApp({ pricing_model: 'one_time', price_cents: 0 })).toBe(true);
    expect(isFreeApp({ pricing_model: 'freemium', price_cents: 100 })).toBe(false);
  });
});

describe('licence expiry', () => {
  const sub = { pricing_model: 'subscription' as const, free_trial_days: 0 };

  it('is perpetual (null) for everything but subscriptions', () => {
    for (const model of ['free', 'freemium', 'one_time', 'usage_based'] as const) {
      expect(
        licenceExpiry({ pricing_model: model, price_period: 'monthly', free_trial_days: 14 }, new Date()),
      ).toBeNull();
    }
  });

  it('covers one period of the subscription, plus the free trial', () => {
    expect(licenceExpiry({ ...sub, price_period: 'monthly' }, at('2026-03-10T12:00:00Z'))).toBe(
      '2026-04-10T12:00:00.000Z',
    );
    expect(licenceExpiry({ ...sub, price_period: 'yearly' }, at('2026-03-10T12:00:00Z'))).toBe(
      '2027-03-10T12:00:00.000Z',
    );
    expect(
      licenceExpiry({ ...sub, price_period: 'per_location', free_trial_days: 14 }, at('2026-03-01T00:00:00Z')),
    ).toBe('2026-04-15T00:00:00.000Z');
  });

  it('clamps month ends (31 January + 1 month = end of February)', () => {
    expect(licenceExpiry({ ...sub, price_period: 'monthly' }, at('2026-01-31T09:00:00Z'))).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(licenceExpiry({ ...sub, price_period: 'monthly' }, at('2028-01-31T09:00:00Z'))).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('maps periods to Stripe intervals', () => {
    expect(billingInterval('yearly')).toBe('year');
    for (const p of ['monthly', 'per_user_monthly', 'per_location', null] as const)
      expect(billingInterval(p)).toBe('month');
  });

  it('renewal adds a period from the payment and never shortens a licence', () => {
    const paid = at('2026-05-01T00:00:00Z');
    expect(renewedExpiry({ price_period: 'monthly', expires_at: '2026-05-02T00:00:00.000Z' }, paid)).toBe(
      '2026-06-01T00:00:00.000Z',
    );
    expect(renewedExpiry({ price_period: 'monthly', expires_at: '2027-01-01T00:00:00.000Z' }, paid)).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('holding a licence', () => {
  const now = at('2026-06-01T00:00:00Z');
  it('counts completed, unrevoked, unexpired licences only', () => {
    const base = { status: 'completed' as const, license_status: 'assigned' as const, expires_at: null };
    expect(isLicenceHeld(base, now)).toBe(true);
    expect(isLicenceHeld({ ...base, license_status: 'out_of_stock' }, now)).toBe(true);
    expect(isLicenceHeld({ ...base, expires_at: '2026-07-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isLicenceHeld({ ...base, expires_at: '2026-05-01T00:00:00.000Z' }, now)).toBe(false); // renewable
    expect(isLicenceHeld({ ...base, license_status: 'revoked' }, now)).toBe(false);
    expect(isLicenceHeld({ ...base, status: 'pending' }, now)).toBe(false);
    expect(isLicenceHeld({ ...base, status: 'refunded' }, now)).toBe(false);
  });

  it('allows refunds for 30 days after the purchase', () => {
    expect(refundDeadline({ created_at: '2026-06-01T00:00:00.000Z' }).toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('a completed licence before delivery', () => {
  it('reads manual_pending ("Access Pending") only for manual licensing; automatic ones have no status yet', () => {
    const at = new Date('2025-06-01T00:00:00Z');
    const statusOf = (licensing_type: LicensingType | null) =>
      completionAt(
        { pricing_model: 'one_time', price_period: null, free_trial_days: 0, licensing_type },
        at,
        NO_PAYMENT_REFS,
        true,
      ).license_status;
    expect(statusOf('manual')).toBe('manual_pending');
    for (const type of ['key_pool', 'universal_code', 'webhook'] as const) expect(statusOf(type)).toBeNull();
  });
});
