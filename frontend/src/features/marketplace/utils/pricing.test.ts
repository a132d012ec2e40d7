import { describe, expect, it } from 'vitest';
import { formatPeriod, formatPrice, formatPriceWithPeriod, humanize, priceValue } from './pricing';

describe('pricing', () => {
  it("reads 'Free' for the free pricing model and for a $0 price (granted free by the server)", () => {
    expect(formatPrice({ pricing_model: 'free', price: 10, price_period: 'monthly' })).toBe('Free');
    expect(formatPrice({ pricing_model: 'one_time', price: 1049.5, price_period: null })).toBe('$1,049.50');
    expect(formatPrice({ pricing_model: 'freemium', price: 0, price_period: null })).toBe('Free');
    // A paid model listed at $0 before such prices were refused: shown as what it is, free.
    expect(formatPriceWithPeriod({ pricing_model: 'subscription', price: 0, price_period: 'monthly' })).toBe('Free');
  });

  it('puts the billing period after the price', () => {
    expect(formatPriceWithPeriod({ pricing_model: 'subscription', price: 49, price_period: 'monthly' })).toBe(
      '$49.00 / month',
    );
    expect(formatPeriod({ pricing_model: 'subscription', price: 9, price_period: 'per_user_monthly' })).toBe(
      'user / month',
    );
    expect(formatPeriod({ pricing_model: 'free', price: 0, price_period: 'monthly' })).toBeNull();
  });

  it('counts free apps as 0 when sorting by price', () => {
    expect(priceValue({ pricing_model: 'free', price: 99, price_period: null })).toBe(0);
  });

  it('humanises enum values', () => {
    expect(humanize('usage_based')).toBe('Usage Based');
  });
});
