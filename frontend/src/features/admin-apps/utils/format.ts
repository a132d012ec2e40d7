import { APP_STATUS_PALETTE, appStatusOf } from '@shared/app-status';
import { isFreePricing } from '@shared/constants';
import { formatMoney } from '@/utils/format';
import type { AdminAppRow, AdminPurchase } from '../types';

/** 'Internal' covers every app that is not for the marketplace: internal and partner apps. */
export type AppFilter = 'all' | 'marketplace' | 'internal';

export const FILTERS: { value: AppFilter; label: string }[] = [
  { value: 'all', label: 'All Apps' },
  { value: 'marketplace', label: 'Marketplace' },
  { value: 'internal', label: 'Internal' },
];

export const matchesFilter = (app: AdminAppRow, filter: AppFilter): boolean =>
  filter === 'all' || (filter === 'marketplace' ? app.type === 'public' : app.type !== 'public');

/** The app's one status (shared/app-status.ts), the same the developer sees. */
export function adminStatus(app: AdminAppRow): { label: string; palette: string } {
  const label = appStatusOf(app);
  return { label, palette: APP_STATUS_PALETTE[label] };
}

const PERIODS: Record<string, string> = {
  monthly: 'month',
  yearly: 'year',
  per_user_monthly: 'user / month',
  per_location: 'location',
};

/** 'Free' (also a paid model at $0, granted free as on the marketplace), '$49.00' or '$49.00 / month'. */
export function formatPricing(app: Pick<AdminAppRow, 'pricing_model' | 'price' | 'price_period'>): string {
  if (!app.pricing_model || isFreePricing(app)) return 'Free';
  const period = app.price_period ? PERIODS[app.price_period] : undefined;
  return period ? `${formatMoney(app.price)} / ${period}` : formatMoney(app.price);
}

/** Sales from the purchases: revenue counts completed purchases only (section 9). */
export function salesOf(purchases: AdminPurchase[]): { sales: number; revenue: number } {
  const completed = purchases.filter((p) => p.status === 'completed');
  return { sales: completed.length, revenue: completed.reduce((sum, p) => sum + (Number(p.amount) || 0), 0) };
}
