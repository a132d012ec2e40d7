import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * CloudFront adds this header, with a value from Secrets Manager, to every request it forwards to
 * the API (lib/site.ts); the group handler refuses requests without it, so calling the
 * execute-api URL directly does not bypass CloudFront, its WAF and its rate rules.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const ORIGIN_REFUSED = 'Requests must come through the site, not the API endpoint directly';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether the request carries the expected origin-verify value. Compared in constant time (over
 * SHA-256 digests, so neither the length nor a common prefix leaks). Without an expected value
 * (locally) every request passes.
 */
export function originVerified(headers: Record<string, string | undefined>, expected: string | undefined): boolean {
  if (!expected) return true;
  const got = headers[ORIGIN_VERIFY_HEADER];
  if (typeof got !== 'string' || got.length === 0) return false;
  return timingSafeEqual(digest(got), digest(expected));
}
