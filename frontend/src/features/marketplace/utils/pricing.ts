import { isFreePricing } from '@shared/constants';
import { formatMoney } from '@/utils/format';
import type { MarketplaceApp } from '../types';

type Priced = Pick<MarketplaceApp, 'pricing_model' | 'price' | 'price_period'>;

/**
 * The marketplace treats pricing as free or paid (docs/spec.md section 9). Free is pricing_model 'free'
 * or a price of 0 (a freemium app, or a paid one listed before $0 paid prices were refused): the
 * server grants those free, so they read 'Free' / 'Get License', never '$0.00 / Purchase License'.
 */
export const isFree = (app: Priced): boolean => isFreePricing(app);

/** The amount used for sorting: free apps count as 0. */
export const priceValue = (app: Priced): number => (isFree(app) ? 0 : Number(app.price) || 0);

/** 'Free' or the price in dollars, e.g. '$49.00'. */
export const formatPrice = (app: Priced): string => (isFree(app) ? 'Free' : formatMoney(priceValue(app)));

const PERIOD_LABELS: Record<string, string> = {
  monthly: 'month',
  yearly: 'year',
  per_user_monthly: 'user / month',
  per_location: 'location',
};

/** The billing period as read after the price ('month' for monthly); null when free or none is set. */
export function formatPeriod(app: Priced): string | null {
  if (isFree(app) || !app.price_period) return null;
  return PERIOD_LABELS[app.price_period] ?? humanize(app.price_period).toLowerCase();
}

/** '$49.00 / month', '$99.00' or 'Free'. */
export function formatPriceWithPeriod(app: Priced): string {
  const period = formatPeriod(app);
  return period ? `${formatPrice(app)} / ${period}` : formatPrice(app);
}

/** 'one_time' -> 'One Time'. */
export const humanize = (value: string): string =>
  value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
