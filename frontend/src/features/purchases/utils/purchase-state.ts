import type { Purchase } from '@shared/schemas/checkout';
import { formatDate, formatMoney } from '@/utils/format';

/** Expired when expires_at is in the past (docs/spec.md section 4); null means the licence never expires. */
export function isExpired(expiresAt: string | null | undefined, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return !Number.isNaN(at) && at < now;
}

export type PurchaseBadge = { label: 'Active' | 'Expired' | 'Refunded'; palette: 'green' | 'red' | 'gray' };

/** The badge of a purchase: Refunded wins, then Expired, else Active. */
export function purchaseBadge(p: Pick<Purchase, 'status' | 'expires_at'>, now = Date.now()): PurchaseBadge {
  if (p.status === 'refunded') return { label: 'Refunded', palette: 'gray' };
  if (isExpired(p.expires_at, now)) return { label: 'Expired', palette: 'red' };
  return { label: 'Active', palette: 'green' };
}

/** The expiry line: 'Expires Mar 1, 2026', 'Expired' or, with no expiry date, 'Never expires'. */
export function expiryText(expiresAt: string | null | undefined, now = Date.now()): string {
  if (!expiresAt) return 'Never expires';
  if (isExpired(expiresAt, now)) return 'Expired';
  return `Expires ${formatDate(expiresAt)}`;
}

/** '$amount currency' as the spec writes it: '$49.00 USD' (the money as every page writes it, utils/format.ts). */
export const formatAmount = (amount: number | null | undefined, currency: string | null | undefined): string =>
  `${formatMoney(amount)} ${(currency || 'usd').toUpperCase()}`;

/** The key to show and copy (both names carry the same value; older clients read either). */
export const licenceKeyOf = (p: Pick<Purchase, 'assigned_license_key' | 'license_key'>): string | null =>
  p.assigned_license_key || p.license_key || null;
