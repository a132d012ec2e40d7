import type { RateLimitClock, RateLimitStore } from './rate-limiter';

/** A clock that stands still until advanced (epoch seconds), for createRateLimiter in tests. */
export function fakeClock(startSeconds = 1_000_000): { now: RateLimitClock; advance(seconds: number): void } {
  let now = startSeconds;
  return {
    now: () => now,
    advance: (seconds) => {
      now += seconds;
    },
  };
}

/** The RateLimitStore contract in memory (unit tests), with a settable clock. */
export function memoryRateLimitStore(): RateLimitStore & { counters: Map<string, { n: number; expiresAt: number }> } {
  const counters = new Map<string, { n: number; expiresAt: number }>();
  return {
    counters,
    async take(key, limit, windowSeconds, now) {
      const c = counters.get(key);
      if (!c || c.expiresAt <= now) {
        counters.set(key, { n: 1, expiresAt: now + windowSeconds });
        return { ok: true, count: 1, expiresAt: now + windowSeconds };
      }
      if (c.n >= limit) return { ok: false, expiresAt: c.expiresAt };
      c.n++;
      return { ok: true, count: c.n, expiresAt: c.expiresAt };
    },
    async giveBack(key) {
      const c = counters.get(key);
      if (c && c.n > 0) c.n--;
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}
