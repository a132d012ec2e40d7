import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  parseRetryAfter,
  parseSchedule,
  retryDelaySeconds,
} from './retry-policy';

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 9, undefined)).toBeUndefined();
  });

  it('jitters every delay within +-10%', () => {
    for (const [step, base] of DEFAULT_RETRY_SCHEDULE_SECONDS.entries()) {
      expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, step, undefined, () => 0)).toBeCloseTo(base * 0.9, 6);
      expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, step, undefined, () => 0.5)).toBeCloseTo(base, 6);
      expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, step, undefined, () => 0.999999)).toBeLessThan(base * 1.1);
    }
  });

  it('waits at least what Retry-After asks, clamped to 5 s .. 24 h', () => {
    const mid = () => 0.5;
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 0, 60, mid)).toBe(60);
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 0, 0, mid)).toBe(5);
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 1, 10, mid)).toBe(300); // the schedule is longer
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 0, 10 * 86400, mid)).toBe(86400);
    // Retry-After never extends a finished schedule.
    expect(retryDelaySeconds(DEFAULT_RETRY_POLICY, 9, 60, mid)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T09:00:00.000Z');
  it.each([
    ['120', 120],
    [' 7 ', 7],
    ['Sat, 01 Mar 2025 09:02:00 GMT', 120],
    ['Sat, 01 Mar 2025 08:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [undefined, undefined],
  ])('%s -> %s', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});

describe('parseSchedule', () => {
  it('reads comma-separated seconds', () => {
    expect(parseSchedule('0.2, 0.4,1')).toEqual([0.2, 0.4, 1]);
  });
  it.each(['', 'a,b', '1,,2', '-1'])('refuses %j', (text) => {
    expect(() => parseSchedule(text)).toThrow(/Invalid retry schedule/);
  });
});
