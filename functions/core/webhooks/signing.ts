/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of
 * random bytes; a delivery carries `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the
 * secret's decoded bytes. Any Standard Webhooks library verifies what this produces.
 *
 * A developer may also give their own secret of any other form (not starting with `whsec_`), at
 * least 24 characters long: its UTF-8 bytes are the HMAC key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@shared/schemas/webhooks';

const SECRET_MIN_BYTES = 24;
const SECRET_MAX_BYTES = 64;
/** Shortest secret a developer may give (characters); the longest is WEBHOOK_SECRET_MAX_LENGTH. */
export const SECRET_MIN_LENGTH = 24;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A new secret: whsec_ + base64 of `bytes` random bytes (24 = 192 bits for endpoint webhooks; the
 * licence webhook secret kept on an app uses 32).
 */
export const generateSecret = (bytes = 24): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(bytes).toString('base64')}`;

/** The key bytes of a Standard Webhooks secret, or undefined when it is not whsec_<base64 of 24..64 bytes>. */
export function standardSecretKey(secret: string): Buffer | undefined {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= SECRET_MIN_BYTES && key.length <= SECRET_MAX_BYTES ? key : undefined;
}

/**
 * The HMAC key of a secret: a Standard Webhooks secret's decoded bytes, else (a developer's own
 * secret of at least 24 characters) its UTF-8 bytes; undefined when it is too short.
 */
export function secretKey(secret: string): Buffer | undefined {
  // A whsec_ secret is decoded by every Standard Webhooks library, so it must be a well-formed one.
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) return standardSecretKey(secret);
  return secret.length >= SECRET_MIN_LENGTH ? Buffer.from(secret, 'utf8') : undefined;
}

export const isValidSecret = (secret: string): boolean => secretKey(secret) !== undefined;

/** The webhook-signature header value for one attempt. */
export function signatureHeader(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = secretKey(secret);
  if (!key) throw new Error('Webhook secret is too short');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt. */
export function signedHeaders(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(secret, messageId, timestampSeconds, body),
  };
}
