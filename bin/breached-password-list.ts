/**
 * The list of commonly breached passwords the accounts refuse (functions/core/users/breached-passwords.ts):
 * the most frequent passwords of zxcvbn-ts's common dictionary (@zxcvbn-ts/language-common, MIT,
 * ranked by frequency in public breach corpora), those at least the spec's minimum length long (a
 * shorter one is refused anyway), lower-cased, the first BREACHED_PASSWORDS_KEPT of them.
 */

import { LIMITS } from '@shared/constants';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many are kept: ~40 KB gzipped in the accounts function (bin/check-function-bundles.ts). */
export const BREACHED_PASSWORDS_KEPT = 10_000;

export function breachedPasswordList(): string[] {
  const seen = new Set<string>();
  for (const password of dictionary['passwords-common']) {
    const p = password.normalize('NFKC').toLowerCase();
    if (p.length >= LIMITS.passwordMin) seen.add(p);
    if (seen.size === BREACHED_PASSWORDS_KEPT) break;
  }
  return [...seen];
}
