import { describe, expect, it } from 'vitest';
import { nextUtcMidnight, rateLimitHeaders, secondsUntilUtcMidnight, usageExpiry, utcDay } from './quota';

describe('UTC-day quotas', () => {
  it('counts per UTC day and resets at the next UTC midnight', () => {
    const at = new Date('2025-03-10T23:59:30.250Z');
    expect(utcDay(at)).toBe('2025-03-10');
    expect(nextUtcMidnight(at)).toBe(Date.parse('2025-03-11T00:00:00Z') / 1000);
    expect(secondsUntilUtcMidnight(at)).toBe(30);
    expect(secondsUntilUtcMidnight(new Date('2025-03-10T00:00:00Z'))).toBe(86_400);
  });

  it('rolls over months and years', () => {
    expect(nextUtcMidnight(new Date('2024-12-31T12:00:00Z'))).toBe(Date.parse('2025-01-01T00:00:00Z') / 1000);
    expect(nextUtcMidnight(new Date('2024-02-28T12:00:00Z'))).toBe(Date.parse('2024-02-29T00:00:00Z') / 1000);
  });

  it('keeps a counter three days from the start of its day', () => {
    expect(usageExpiry(new Date('2025-03-10T15:00:00Z'))).toBe(Date.parse('2025-03-13T00:00:00Z') / 1000);
  });

  it('reports the X-RateLimit headers, never a negative remainder', () => {
    expect(rateLimitHeaders({ limit: 500, used: 12, remaining: 488, resetAt: 1_700_000_000 })).toEqual({
      'X-RateLimit-Limit': '500',
      'X-RateLimit-Remaining': '488',
      'X-RateLimit-Reset': '1700000000',
    });
    expect(rateLimitHeaders({ limit: 5, used: 9, remaining: -4, resetAt: 1 })['X-RateLimit-Remaining']).toBe('0');
  });
});
