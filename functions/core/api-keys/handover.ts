/**
 * The hand-over of a key an admin rotated: the new full key is kept sealed on the key item until
 * its owner opens API Keys and reveals it once (the admin never sees it, no e-mail carries it).
 *
 * Sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, so a copy
 * of the table alone does not yield a usable API key. Taking the sealed value is a conditional
 * delete, so the replacement is shown exactly once.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'dental-marketplace/api-key-handover/v1';

const derive = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'api-key-handover', INFO, 32));

/** The server's JWT secrets (wiring/api-keys.ts passes them, read at every use). */
export interface HandoverSecrets {
  current: string | undefined;
  /** The previous JWT secret, kept after a rotation: what it sealed still opens. */
  previous: string | undefined;
}

export interface KeyHandover {
  /** "v1.<iv>.<tag>.<ciphertext>", base64url parts, sealed under the current secret. */
  seal(fullKey: string): string;
  /** The full key, or undefined when the value was not sealed by this server (or was tampered with). */
  open(sealed: string): string | undefined;
}

/** Sealed under the current JWT secret; opened with it, or with the previous one after a rotation. */
export function keyHandover(secrets: () => HandoverSecrets): KeyHandover {
  return {
    seal(fullKey) {
      const { current } = secrets();
      if (!current) throw new Error('JWT_SECRET is not configured');
      return sealSecret(fullKey, derive(current));
    },
    open(sealed) {
      const { current, previous } = secrets();
      return openSecret(sealed, [current, previous].filter((s): s is string => !!s).map(derive));
    },
  };
}

function sealSecret(fullKey: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(fullKey, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function openSecret(sealed: string, openingKeys: Buffer[]): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return undefined;
  for (const key of openingKeys) {
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
