/**
 * Verifies a Google ID token (the credential Google Identity Services hands the browser): an RS256
 * JWT signed with one of Google's published keys, for our client id, from a Google issuer, with a
 * verified e-mail address. The key set is fetched once per URL and cached by jose.
 */
import { normaliseEmail } from '@shared/email';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { ServiceUnavailableError, UnauthorizedError } from '../errors';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
export const GOOGLE_TOKEN_INVALID = 'Google sign-in failed: the credential could not be verified.';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is temporarily unavailable. Please try again.';

export interface GoogleSettings {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

export interface GoogleIdentity {
  /** Google's stable account id. */
  subject: string;
  /** Trimmed and lower-cased. */
  email: string;
  name: string | null;
}

/** The Google settings (wiring/accounts.ts reads them), or 503 when no client id is configured. */
export function requireGoogleSettings(settings: GoogleSettings | undefined): GoogleSettings {
  if (!settings) throw new ServiceUnavailableError(GOOGLE_NOT_CONFIGURED);
  return settings;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySetFor = (url: string) => {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
};

/** Errors that say "Google's keys could not be fetched", as opposed to "this token is bad". */
const isKeyFetchFailure = (err: unknown) =>
  err instanceof errors.JWKSTimeout ||
  !(err instanceof errors.JOSEError) ||
  (err as errors.JOSEError).code === 'ERR_JOSE_GENERIC';

const emailVerified = (payload: JWTPayload) => payload.email_verified === true || payload.email_verified === 'true';

export async function verifyGoogleIdToken(idToken: string, settings: GoogleSettings): Promise<GoogleIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetFor(settings.jwksUrl), {
      audience: settings.clientId,
      issuer: settings.issuers,
      algorithms: ['RS256'],
      clockTolerance: 30,
    }));
  } catch (err) {
    if (isKeyFetchFailure(err)) throw new ServiceUnavailableError(GOOGLE_UNAVAILABLE);
    throw new UnauthorizedError(GOOGLE_TOKEN_INVALID);
  }
  const email = typeof payload.email === 'string' ? normaliseEmail(payload.email) : '';
  if (!email.includes('@') || !emailVerified(payload) || typeof payload.sub !== 'string') {
    throw new UnauthorizedError(GOOGLE_TOKEN_INVALID);
  }
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
  return { subject: payload.sub, email, name };
}
