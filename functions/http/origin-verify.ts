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
 * Whether the request carries the expected origin-verify value, or the previous one while a
 * rotation overlaps (docs/runbook.md "Rotating secrets": the secret's AWSPREVIOUS
 * version, read by functions/secrets.ts, until the rotation drops it once CloudFront sends the new
 * value). Compared in constant time (over SHA-256 digests, so neither the length nor a common
 * prefix leaks), and both values are always compared. Without an expected value (locally) every
 * request passes.
 */
export function originVerified(
  headers: Record<string, string | undefined>,
  expected: string | undefined,
  previous?: string,
): boolean {
  if (!expected) return true;
  const got = headers[ORIGIN_VERIFY_HEADER];
  if (typeof got !== 'string' || got.length === 0) return false;
  const value = digest(got);
  const current = timingSafeEqual(value, digest(expected));
  const overlap = timingSafeEqual(value, digest(previous || expected));
  return current || (Boolean(previous) && overlap);
}
