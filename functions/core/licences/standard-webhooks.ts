/**
 * Signing the Standard Webhooks way (https://www.standardwebhooks.com), so a developer's licence
 * endpoint can verify our calls with any Standard Webhooks library: headers webhook-id,
 * webhook-timestamp (epoch seconds) and webhook-signature `v1,<base64 HMAC-SHA256>` over
 * `${id}.${timestamp}.${body}`, keyed with the base64 part of a `whsec_...` secret.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new secret: `whsec_` + 32 random bytes in base64. */
export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

export function signatureHeaders(
  secret: string,
  msgId: string,
  timestampSeconds: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
