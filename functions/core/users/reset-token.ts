import { createHash, randomBytes } from 'node:crypto';

/**
 * Password-reset tokens: 32 random bytes sent to the user (base64url) and stored only as their
 * SHA-256, so a leaked table does not hand out working links. No salt is needed: the token has
 * 256 bits of entropy.
 */
export function createResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export const hashResetToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
