/**
 * The hand-over of a key an admin rotated: the new full key is kept sealed on the key item until
 * its owner opens API Keys and reveals it once (the admin never sees it, no e-mail carries it).
 *
 * Sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, so a copy
 * of the table alone does not yield a usable API key. Taking the sealed value is a conditional
 * delete, so the replacement is shown exactly once.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getConfig } from '../../config';

const INFO = 'dental-marketplace/api-key-handover/v1';

const derive = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'api-key-handover', INFO, 32));

/** Sealed under the current JWT secret; opened with it, or with the previous one after a rotation. */
function sealingKey(): Buffer {
  const secret = getConfig().JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not configured');
  return derive(secret);
}

function openingKeys(): Buffer[] {
  const cfg = getConfig();
  return [cfg.JWT_SECRET, cfg.JWT_PREVIOUS_SECRET].filter((s): s is string => !!s).map(derive);
}

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function sealSecret(fullKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const data = Buffer.concat([cipher.update(fullKey, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The full key, or undefined when the value was not sealed by this server (or was tampered with). */
export function openSecret(sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return undefined;
  for (const key of openingKeys()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // not sealed under this key: try the next
    }
  }
  return undefined;
}
