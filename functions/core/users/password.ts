/**
 * Password hashing with scrypt (memory-hard, in node:crypto). Stored as a self-describing string,
 * "scrypt$N$r$p$salt$hash" (salt and hash base64url), so the cost can be raised later and old
 * hashes still verify (and get upgraded on the next sign-in, see needsRehash).
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's minimum for scrypt (N=2^17, r=8, p=1); wiring passes N from SCRYPT_LOG2_N (default 17). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of hashing with N = 2^log2N; r and p fixed. */
export const costOf = (log2N: number): ScryptCost => ({ N: 2 ** log2N, r: SCRYPT_PARAMS.r, p: SCRYPT_PARAMS.p });

/** Upper bounds for parameters read back from storage, so a corrupt value cannot exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs about 128 * N * r bytes (128 MiB at N=2^17, r=8); leave headroom above Node's 32 MiB default. */
const maxmemFor = (N: number, r: number) => 128 * N * r * 2;

function derive(password: string, salt: Buffer, keyLength: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes with an explicit cost (production: a PasswordHasher's hash, at today's cost). */
export async function hashPasswordWith(password: string, { N, r, p }: ScryptCost): Promise<string> {
  const { keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, keyLength, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v ?? '') ? Number(v) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

/** True when `password` matches `stored`; false for a mismatch or an unreadable stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await derive(password, salt, key.length, { N, r, p, maxmem: maxmemFor(N, r) });
  return timingSafeEqual(candidate, key);
}

/** Hashing at today's cost (wiring/accounts.ts: SCRYPT_LOG2_N), and checks against it. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when the stored hash was made with other parameters than today's. */
  needsRehash(stored: string): boolean;
  /**
   * Spends the same work as a real check and returns false: used when the address is unknown or
   * has no password, so response times do not tell which addresses have accounts.
   */
  verifyAgainstDummy(password: string): Promise<false>;
}

export function passwordHasher(log2N: number): PasswordHasher {
  const cost = costOf(log2N);
  const hash = (password: string) => hashPasswordWith(password, cost);
  // Made on the first check of an unknown address, then reused by this hasher.
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify: verifyPassword,
    needsRehash(stored) {
      const parsed = parseHash(stored);
      const { keyLength } = SCRYPT_PARAMS;
      return (
        !parsed || parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p || parsed.key.length !== keyLength
      );
    },
    async verifyAgainstDummy(password) {
      if (!dummyHash) dummyHash = hash('dummy-password-for-timing');
      await verifyPassword(password, await dummyHash);
      return false;
    },
  };
}
