import { describe, expect, it } from 'vitest';
import { FAR_ZONES, inZone, localDay } from '@/testing/zone';
import { expiryText, formatAmount, isExpired, purchaseBadge } from './purchase-state';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

describe('purchase state (docs/spec.md section 4)', () => {
  it('is Expired only when expires_at is in the past; null never expires', () => {
    expect(isExpired('2025-06-01T11:59:59.000Z', NOW)).toBe(true);
    expect(isExpired('2025-06-01T12:00:01.000Z', NOW)).toBe(false);
    expect(isExpired(null, NOW)).toBe(false);
    expect(isExpired('not a date', NOW)).toBe(false);
  });

  it('badges Refunded over Expired over Active', () => {
    expect(purchaseBadge({ status: 'completed', expires_at: null }, NOW).label).toBe('Active');
    expect(purchaseBadge({ status: 'completed', expires_at: '2025-01-01T00:00:00Z' }, NOW).label).toBe('Expired');
    expect(purchaseBadge({ status: 'refunded', expires_at: '2025-01-01T00:00:00Z' }, NOW).label).toBe('Refunded');
  });

  it('writes the expiry and the amount as the page shows them', () => {
    expect(expiryText(null, NOW)).toBe('Never expires');
    expect(expiryText('2025-01-01T00:00:00Z', NOW)).toBe('Expired');
    expect(expiryText('2026-03-01T12:00:00Z', NOW)).toBe(`Expires ${localDay('2026-03-01T12:00:00Z')}`);
    expect(formatAmount(49, 'usd')).toBe('$49.00 USD');
    expect(formatAmount(1188, 'USD')).toBe('$1,188.00 USD');
    expect(formatAmount(0, null)).toBe('$0.00 USD');
  });

  it("writes the expiry day of the buyer's zone: noon UTC is the next day in New Zealand", async () => {
    expect(FAR_ZONES).toEqual(['Pacific/Auckland', 'America/Anchorage']);
    await inZone('UTC', () => expect(expiryText('2026-03-01T12:00:00Z', NOW)).toBe('Expires Mar 1, 2026'));
    await inZone('Pacific/Auckland', () => expect(expiryText('2026-03-01T12:00:00Z', NOW)).toBe('Expires Mar 2, 2026'));
    await inZone('America/Anchorage', () => {
      expect(expiryText('2026-03-01T12:00:00Z', NOW)).toBe('Expires Mar 1, 2026');
      expect(expiryText('2026-03-01T08:00:00Z', NOW)).toBe('Expires Feb 28, 2026');
    });
  });
});
