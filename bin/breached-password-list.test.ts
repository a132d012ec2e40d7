import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORDS_GZIP_BASE64 } from '../functions/core/users/breached-passwords.data';
import { breachedPasswordList } from './breached-password-list';

describe('the shipped list of breached passwords', () => {
  it('is the installed dictionary (run bin/generate-breached-passwords.ts after an upgrade)', () => {
    const shipped = gunzipSync(Buffer.from(BREACHED_PASSWORDS_GZIP_BASE64, 'base64')).toString('utf8').split('\n');
    expect(shipped).toEqual(breachedPasswordList());
    expect(shipped).toHaveLength(10_000);
    expect(shipped.every((p) => p.length >= 6 && p === p.toLowerCase())).toBe(true);
  });
});
