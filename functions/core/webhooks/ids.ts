import { createHash, randomBytes } from 'node:crypto';

/** Crockford base32, the ULID alphabet: sortable, no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID: 10 characters of millisecond time then 16 of randomness (80 bits). Sorts by creation
 * time, unique without coordination.
 */
export function ulid(nowMs: number = Date.now()): string {
  let time = '';
  let t = Math.floor(nowMs);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i++) random += ALPHABET[(bytes[i] as number) % 32];
  return time + random;
}

/** The `webhook-id` of a delivery (Standard Webhooks msg_ ids); kept across its retries. */
export const newMessageId = (nowMs?: number): string => `msg_${ulid(nowMs)}`;

/**
 * The `webhook-id` of the delivery of an outside event (a legacy practice event) to one webhook:
 * the event's id (its letters and digits) and a short hash of the webhook, so the same event
 * always gets the same id at the same endpoint.
 */
export const eventMessageId = (eventId: string, webhookId: string): string =>
  `msg_${eventId.replace(/[^0-9A-Za-z]/g, '').slice(0, 44)}x${createHash('sha256').update(webhookId).digest('hex').slice(0, 12)}`;
