import { describe, expect, it } from 'vitest';
import { scryptLog2N } from '../../config';
import { envForTests } from '../../testing/env';
import { costOf, passwordHasher, verifyPassword } from './password';

describe('password hashing cost', () => {
  // The pure suites share one module graph, and the test stack lowers the cost in the runner's
  // environment: the setter clears it and forgets any configuration another file parsed.
  const setEnv = envForTests(['SCRYPT_LOG2_N']);

  it("defaults to OWASP's scrypt minimum, N=2^17, r=8, p=1", () => {
    setEnv({});
    expect(scryptLog2N()).toBe(17);
    expect(costOf(scryptLog2N())).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });
});

// The mechanics below at a cheaper cost (2^14), so the unit suite stays fast on small machines;
// test/security/input-limits.test.ts checks real hashes at the default cost.
const { hash: hashPassword, needsRehash, verifyAgainstDummy } = passwordHasher(14);

describe('password hashing (scrypt)', () => {
  it('stores a self-describing scrypt string with a random salt', async () => {
    const a = await hashPassword('secret123');
    const b = await hashPassword('secret123');
    const parts = a.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(2 ** 14), '8', '1']);
    const [, , , , salt = '', hash = ''] = parts;
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64url')).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret123');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats Unicode spellings of the same text alike (NFKC)', async () => {
    const stored = await hashPassword('caf\u00e9!');
    expect(await verifyPassword('cafe\u0301!', stored)).toBe(true);
  });

  it('verifies hashes made with other (older) parameters and flags them for rehash', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('old-password', salt, 32, { N: 2 ** 13, r: 8, p: 1 });
    const old = ['scrypt', 2 ** 13, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('old-password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });

  it('refuses unreadable or dangerous stored values without throwing', async () => {
    const salt = Buffer.alloc(16, 1).toString('base64url');
    const key = Buffer.alloc(64, 2).toString('base64url');
    for (const stored of [
      '',
      'plaintext',
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`, // N too large: would exhaust memory
      `scrypt$16384$8$1$$${key}`, // no salt
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('spends the work of a real check for unknown accounts and always says no', async () => {
    expect(await verifyAgainstDummy('dummy-password-for-timing')).toBe(false);
  });
});
