/**
 * A reusable per-key limiter: at most `limit` units per fixed window of `windowSeconds` that starts
 * with the first unit. Taking a unit is one atomic conditional update in the store, so parallel
 * requests cannot overshoot the limit (the unit is reserved before the work it pays for runs), and
 * a unit can be given back when the work turned out not to count (e.g. a successful sign-in).
 */
import { TooManyRequestsError } from '../errors';

export type TakeResult = { ok: true; count: number; expiresAt: number } | { ok: false; expiresAt: number };

/** Storage of the counters; times are epoch seconds. */
export interface RateLimitStore {
  /**
   * Atomically adds one to `key` when its window is open and below `limit`; a missing or expired
   * window restarts at 1 and ends at now + windowSeconds. Refused: `ok: false` with the window's end.
   */
  take(key: string, limit: number, windowSeconds: number, nowSeconds: number): Promise<TakeResult>;
  /** Subtracts one (never below zero); nothing when the counter is gone. */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface Limit {
  /** Names the bucket, e.g. "register:<client>". */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The 429 detail, given the seconds until the window ends. */
  message: (retryAfterSeconds: number) => string;
}

/** The limiter's clock, in epoch seconds: injected, so tests of minute and hour windows use a fake one. */
export type RateLimitClock = () => number;

export const systemClockSeconds: RateLimitClock = () => Math.floor(Date.now() / 1000);

export function createRateLimiter(store: RateLimitStore, nowSeconds: RateLimitClock = systemClockSeconds) {
  const limiter = {
    /** Takes one unit or throws 429 (with Retry-After) when the key is over its limit. */
    async take(limit: Limit): Promise<void> {
      const now = nowSeconds();
      const res = await store.take(limit.key, limit.limit, limit.windowSeconds, now);
      if (!res.ok) {
        const wait = Math.max(1, res.expiresAt - now);
        throw new TooManyRequestsError(limit.message(wait), wait);
      }
    },
    /** False instead of a 429: for limits that must not show (e.g. mails per address). */
    async tryTake(limit: Omit<Limit, 'message'>): Promise<boolean> {
      return (await store.take(limit.key, limit.limit, limit.windowSeconds, nowSeconds())).ok;
    },
    /** Takes one unit of each limit in order; when one refuses, the units taken so far are given back. */
    async takeAll(limits: Limit[]): Promise<void> {
      const taken: string[] = [];
      try {
        for (const limit of limits) {
          await limiter.take(limit);
          taken.push(limit.key);
        }
      } catch (err) {
        await Promise.all(taken.map((key) => store.giveBack(key)));
        throw err;
      }
    },
    giveBack: (key: string) => store.giveBack(key),
    clear: (key: string) => store.clear(key),
  };
  return limiter;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "Too many requests..." worded in whole minutes, rounded up. */
export const minutesFor = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
