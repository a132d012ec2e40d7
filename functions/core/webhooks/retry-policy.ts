/**
 * When a failed delivery is tried again. The schedule follows the best webhook services: quick
 * first retries for blips, then hours apart for outages, for about three days in all. Every delay
 * gets +-10% jitter so a recovering endpoint is not hit by every retry at the same second. A
 * Retry-After header (seconds or an HTTP date) is honoured within bounds: the next attempt waits
 * at least that long.
 */

/** Delays in seconds before retry 1, 2, ... (9 retries, 10 attempts). */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
];
export const DEFAULT_JITTER = 0.1;
export const RETRY_AFTER_MIN_SECONDS = 5;
export const RETRY_AFTER_MAX_SECONDS = 24 * 3600;

export interface RetryPolicy {
  schedule: readonly number[];
  /** Fraction of each delay added or taken away at random (0.1 = +-10%). */
  jitter: number;
  retryAfterMinSeconds: number;
  retryAfterMaxSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  schedule: DEFAULT_RETRY_SCHEDULE_SECONDS,
  jitter: DEFAULT_JITTER,
  retryAfterMinSeconds: RETRY_AFTER_MIN_SECONDS,
  retryAfterMaxSeconds: RETRY_AFTER_MAX_SECONDS,
};

/**
 * Seconds a Retry-After value asks for: a non-negative integer of seconds or an HTTP date (relative
 * to `nowMs`). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its month ("Sat, 01 Mar 2025 09:02:00 GMT"); anything else is unreadable.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - nowMs) / 1000);
}

/**
 * Seconds to wait before the retry that follows failure number `step` (0 = the first attempt
 * failed), or undefined when the schedule is exhausted.
 */
export function retryDelaySeconds(
  policy: RetryPolicy,
  step: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const base = policy.schedule[step];
  if (base === undefined) return undefined;
  const jittered = base * (1 + (random() * 2 - 1) * policy.jitter);
  if (retryAfterSeconds === undefined) return jittered;
  const asked = Math.min(policy.retryAfterMaxSeconds, Math.max(policy.retryAfterMinSeconds, retryAfterSeconds));
  return Math.max(jittered, asked);
}

/** Parses a schedule override such as "0.2,0.4" (seconds); throws on anything else. */
export function parseSchedule(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length === 0 || values.some((v, i) => parts[i] === '' || !Number.isFinite(v) || v < 0)) {
    throw new Error(`Invalid retry schedule "${text}": expected comma-separated seconds, e.g. 5,300,1800`);
  }
  return values;
}
