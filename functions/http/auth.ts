import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../shared/constants';
import { getConfig } from '../config';
import { UnauthorizedError } from '../core/errors';

export interface AuthUser {
  userId: string;
  email: string;
  role: Role;
  /** The account's token version when the token was issued (claim "tv"; absent = 0). */
  tokenVersion: number;
}

const ISSUER = 'dental-marketplace';
const secretKey = () => new TextEncoder().encode(getConfig().JWT_SECRET);

export async function signAccessToken(
  user: Omit<AuthUser, 'tokenVersion'> & { tokenVersion?: number },
): Promise<string> {
  return new SignJWT({ email: user.email, role: user.role, tv: user.tokenVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${getConfig().JWT_TTL_SECONDS}s`)
    .sign(secretKey());
}

export async function verifyAccessToken(token: string): Promise<AuthUser> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('claims');
    if (role !== 'developer' && role !== 'admin') throw new Error('role');
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
