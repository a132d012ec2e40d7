import { describe, expect, it } from 'vitest';
import { FAR_ZONES, inZone } from '../testing/zone';
import { formatCount, formatDate, formatMoney, safeUrl, statusTone } from './format';

describe('format', () => {
  it('writes dates in the four styles and a dash for a missing or unreadable one', () => {
    const at = '2025-03-05T09:05:12';
    expect(formatDate(at)).toBe('Mar 5, 2025');
    expect(formatDate(at, 'long')).toBe('March 5, 2025');
    expect(formatDate(at, 'minutes')).toBe('Mar 5, 2025, 9:05 AM');
    expect(formatDate(at, 'seconds')).toBe('Mar 5, 2025, 9:05:12 AM');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date', 'long')).toBe('—');
  });

  it('writes the day styles exactly as Intl does in US English, in every month', () => {
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const at = new Date(2024 + (month % 3), month, day, 23, 59);
        expect(formatDate(at.toISOString()), at.toISOString()).toBe(short.format(at));
        expect(formatDate(at.toISOString(), 'long'), at.toISOString()).toBe(long.format(at));
      }
    }
  });

  it("writes the day in UTC when asked, whatever the browser's time zone (the server renders in UTC)", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      const at = '2025-03-05T03:00:00Z';
      expect(formatDate(at, 'long')).toBe('March 4, 2025');
      expect(formatDate(at, 'long', 'UTC')).toBe('March 5, 2025');
      expect(formatDate(at, 'minutes', 'UTC')).toBe('Mar 5, 2025, 3:00 AM');
      process.env.TZ = 'Asia/Tokyo';
      expect(formatDate('2025-03-05T20:00:00Z', 'short', 'UTC')).toBe('Mar 5, 2025');
      expect(formatDate('2025-03-05T20:00:00Z', 'short')).toBe('Mar 6, 2025');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('in New Zealand and Alaska: the local day is their own, the UTC day the same as the server writes', async () => {
    // Late on Mar 1 UTC is Mar 2 in Auckland (UTC+13 in March); early on Mar 2 UTC is Mar 1 in
    // Anchorage (UTC−9). The storefront's server writes the UTC day, so a page hydrates anywhere.
    const late = '2025-03-01T20:30:00Z';
    const early = '2025-03-02T05:15:00Z';
    const local: Record<(typeof FAR_ZONES)[number], [string, string]> = {
      'Pacific/Auckland': ['Mar 2, 2025', 'March 2, 2025'],
      'America/Anchorage': ['Mar 1, 2025', 'March 1, 2025'],
    };
    for (const zone of FAR_ZONES) {
      await inZone(zone, () => {
        expect(new Date(late).getTimezoneOffset(), zone).toBe(zone === 'Pacific/Auckland' ? -780 : 540);
        expect(formatDate(late), zone).toBe(local[zone][0]);
        expect(formatDate(early, 'long'), zone).toBe(local[zone][1]);
        expect(formatDate(late, 'short', 'UTC'), zone).toBe('Mar 1, 2025');
        expect(formatDate(early, 'long', 'UTC'), zone).toBe('March 2, 2025');
        expect(formatDate(late, 'minutes', 'UTC'), zone).toBe('Mar 1, 2025, 8:30 PM');
      });
    }
  });

  it('writes dollars to two decimals and counts with separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(null)).toBe('—');
  });

  it('writes money and counts exactly as Intl does in US English, without making an Intl formatter', () => {
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [
      0, 0.005, 0.01, 0.125, 0.994, 0.995, 1, 1.005, 9.99, 12.5, 49, 59.995, 99.999, 100, 999.995, 1000, 1234.5,
      12_345.678, 100_000, 999_999.994, 1_000_000, 123_456_789.01, -5, -1234.5,
    ];
    for (const v of values) {
      expect(formatMoney(v), String(v)).toBe(money.format(v));
      expect(formatCount(v), String(v)).toBe(count.format(Math.round(v)));
    }
    expect(formatMoney(-0.004)).toBe(money.format(-0.004));
  });

  it('keeps absolute http(s) links only', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('/relative')).toBeNull();
    expect(safeUrl('')).toBeNull();
  });

  it('colours delivery codes: 2xx green, 4xx yellow, 5xx red, no answer grey Failed', () => {
    expect(statusTone(200)).toEqual({ label: '200', palette: 'green' });
    expect(statusTone(299).palette).toBe('green');
    expect(statusTone(404)).toEqual({ label: '404', palette: 'yellow' });
    expect(statusTone(503)).toEqual({ label: '503', palette: 'red' });
    expect(statusTone(0)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(null)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(undefined)).toEqual({ label: 'Failed', palette: 'gray' });
    expect(statusTone(302)).toEqual({ label: '302', palette: 'gray' });
  });
});
