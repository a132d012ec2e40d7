/**
 * Daily quotas run on UTC days: a key's counter for 2025-01-31 covers 00:00:00 to 23:59:59 UTC
 * and resets at the next UTC midnight, which is what X-RateLimit-Reset and Retry-After report.
 */

/** Counter items live this long past the start of their day (DynamoDB TTL), then vanish. */
export const USAGE_RETENTION_SECONDS = 3 * 24 * 60 * 60;

/** yyyy-mm-dd of the UTC day of `now`. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Epoch seconds of the next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.floor(next / 1000);
}

/** Whole seconds until the next UTC midnight, at least 1. */
export const secondsUntilUtcMidnight = (now: Date): number =>
  Math.max(1, Math.ceil((nextUtcMidnight(now) * 1000 - now.getTime()) / 1000));

/** Epoch seconds at which a counter item of `now`'s day may be deleted. */
export const usageExpiry = (now: Date): number => nextUtcMidnight(now) - 24 * 60 * 60 + USAGE_RETENTION_SECONDS;

export { type RateLimitState, rateLimitHeaders } from '@shared/schemas/partner';
