import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError, UnauthorizedError } from '../errors';
import { GOOGLE_TOKEN_INVALID, type GoogleSettings, verifyGoogleIdToken } from './google-id-token';

/** A stand-in for Google: a key pair and a JWKS endpoint on localhost. */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let server: Server;
let settings: GoogleSettings;
let googleKey: SigningKey;
let otherKey: SigningKey;

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  settings = {
    clientId: CLIENT_ID,
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
  };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function idToken(
  claims: Record<string, unknown> = {},
  opts: { key?: SigningKey; aud?: string; iss?: string; exp?: number } = {},
) {
  return new SignJWT({ email: 'Jane.Doe@Gmail.com', email_verified: true, name: 'Jane Doe', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
    .setSubject('1234567890')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? googleKey);
}

describe('Google ID token verification', () => {
  it('accepts a token signed by Google for our client and returns the verified identity', async () => {
    await expect(verifyGoogleIdToken(await idToken(), settings)).resolves.toEqual({
      subject: '1234567890',
      email: 'jane.doe@gmail.com',
      name: 'Jane Doe',
    });
    const legacyIssuer = await idToken({}, { iss: 'accounts.google.com' });
    await expect(verifyGoogleIdToken(legacyIssuer, settings)).resolves.toMatchObject({ email: 'jane.doe@gmail.com' });
  });

  it.each([
    ['another audience', () => idToken({}, { aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => idToken({}, { iss: 'https://evil.example.com' })],
    ['another key (same kid)', () => idToken({}, { key: otherKey })],
    ['an unverified e-mail', () => idToken({ email_verified: false })],
    ['no e-mail', () => idToken({ email: undefined })],
    ['an expired token', () => idToken({}, { exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401', async (_what, make) => {
    const err = await verifyGoogleIdToken(await make(), settings).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect((err as Error).message).toBe(GOOGLE_TOKEN_INVALID);
  });

  it("answers 503 when Google's keys cannot be fetched", async () => {
    const down = { ...settings, jwksUrl: 'http://127.0.0.1:9/certs' };
    await expect(verifyGoogleIdToken(await idToken(), down)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
