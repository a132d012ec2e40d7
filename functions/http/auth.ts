import type { Role } from '@shared/constants';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { getConfig } from '../config';
import { ServiceUnavailableError, UnauthorizedError } from '../core/errors';
import { refreshSecretsAfterRotation } from '../secrets';

export interface AuthUser {
  userId: string;
  email: string;
  role: Role;
  /** The account's token version when the token was issued (claim "tv"; absent = 0). */
  tokenVersion: number;
}

const ISSUER = 'dental-marketplace';
const encode = (secret: string) => new TextEncoder().encode(secret);

/** The key that signs new tokens and its id (the token header's `kid`). */
function signingKey(): { kid: string; key: Uint8Array } {
  const cfg = getConfig();
  if (!cfg.JWT_SECRET) throw new ServiceUnavailableError('Sign-in is not configured on this server');
  return { kid: cfg.JWT_KID, key: encode(cfg.JWT_SECRET) };
}

/**
 * The key that verifies a token: the current key for its kid (or for a token without one, issued
 * before key ids existed), the previous key for the previous kid; undefined for any other kid.
 */
function verificationKey(kid: string | undefined): Uint8Array | undefined {
  const cfg = getConfig();
  if (!cfg.JWT_SECRET) throw new ServiceUnavailableError('Sign-in is not configured on this server');
  if (kid === undefined || kid === cfg.JWT_KID) return encode(cfg.JWT_SECRET);
  if (cfg.JWT_PREVIOUS_SECRET && kid === cfg.JWT_PREVIOUS_KID) return encode(cfg.JWT_PREVIOUS_SECRET);
  return undefined;
}

async function keyFor(token: string): Promise<Uint8Array | undefined> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    kid = typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
  const key = verificationKey(kid);
  if (key) return key;
  // A kid this container does not know yet: the secret was rotated since it read it.
  if (await refreshSecretsAfterRotation()) return verificationKey(kid);
  return undefined;
}

export async function signAccessToken(
  user: Omit<AuthUser, 'tokenVersion'> & { tokenVersion?: number },
): Promise<string> {
  const { kid, key } = signingKey();
  return new SignJWT({ email: user.email, role: user.role, tv: user.tokenVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
    .setSubject(user.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${getConfig().JWT_TTL_SECONDS}s`)
    .sign(key);
}

export async function verifyAccessToken(token: string): Promise<AuthUser> {
  const key = await keyFor(token);
  if (!key) throw new UnauthorizedError('Could not validate credentials');
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('claims');
    if (role !== 'developer' && role !== 'admin' && role !== 'practice') throw new Error('role');
    const tv = payload.tv ?? 0;
    if (typeof tv !== 'number' || !Number.isInteger(tv) || tv < 0) throw new Error('tv');
    return { userId: payload.sub, email: payload.email, role, tokenVersion: tv };
  } catch {
    throw new UnauthorizedError('Could not validate credentials');
  }
}

/** Reads "Authorization: Bearer <jwt>"; undefined when absent. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  const value = headers.authorization ?? headers.Authorization;
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1];
}
