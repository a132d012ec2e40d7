/**
 * Passwords found in lists of commonly breached passwords are refused wherever an account's
 * password is chosen (sign-up, reset, a claim link, an invitation, a profile change), as NIST SP
 * 800-63B asks: the spec's minimum length stays, and a password long enough but among the
 * 10,000 most common (breached-passwords.data.ts) is refused with a 400 that says why. Compared
 * case-insensitively, so "Password1" is refused like "password1". The check (a service of its own
 * in wiring, so only the functions where a password is chosen carry the ~50 KB list) unpacks the
 * list at the first password chosen (a sign-in never reads it) and keeps it.
 */
import { gunzipSync } from 'node:zlib';
import { ValidationError } from '../errors';
import { BREACHED_PASSWORDS_GZIP_BASE64 } from './breached-passwords.data';

export const BREACHED_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of breached passwords. Choose a less common one.';

export interface BreachedPasswords {
  has(password: string): boolean;
  readonly size: number;
}

/** The list, unpacked (a few milliseconds). */
export function breachedPasswords(): BreachedPasswords {
  const list = new Set(gunzipSync(Buffer.from(BREACHED_PASSWORDS_GZIP_BASE64, 'base64')).toString('utf8').split('\n'));
  return {
    has: (password) => list.has(password.normalize('NFKC').toLowerCase()),
    size: list.size,
  };
}

/** Throws the 400 (BREACHED_PASSWORD_MESSAGE) when a newly chosen password is a commonly breached one. */
export type BreachedPasswordCheck = (password: string) => void;

/** The check, unpacking the list at its first call. */
export function createBreachedPasswordCheck(): BreachedPasswordCheck {
  let list: BreachedPasswords | undefined;
  return (password) => {
    if (!list) list = breachedPasswords();
    if (list.has(password)) throw new ValidationError(BREACHED_PASSWORD_MESSAGE);
  };
}
