/**
 * Google sign-in logged into any account with the same address, the admin's
 * included, and registration never verified addresses, so whoever registered a victim's address
 * first kept password access after the victim signed in with Google.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../support/api';
import { TEST_ADMIN } from '../support/constants';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const CLIENT_ID = 'security-test.apps.googleusercontent.com';
let jwks: Server;
let googleKey: CryptoKey;
const keys: { jwk?: JWK } = {};

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  keys.jwk = { ...(await exportJWK(pair.publicKey)), kid: 'sec-1', alg: 'RS256', use: 'sig' };
});

const jwksUrl = { value: '' };
// The JWKS server must be up before the product server reads its configuration.
beforeAll(async () => {
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [keys.jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  jwksUrl.value = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
  process.env.GOOGLE_JWKS_URL = jwksUrl.value;
});
afterAll(() => new Promise<void>((r) => jwks.close(() => r())));

const server = ownServer({ GOOGLE_CLIENT_ID: CLIENT_ID });

const googleCredential = (email: string) =>
  new SignJWT({ email, email_verified: true, name: 'Google User' })
    .setProtectedHeader({ alg: 'RS256', kid: 'sec-1' })
    .setSubject(`google-${email}`)
    .setAudience(CLIENT_ID)
    .setIssuer('https://accounts.google.com')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(googleKey);

const googleLogin = async (email: string) =>
  callFrom<LoginAnswer>(server.url, newClient(), 'POST', '/api/google-login', {
    body: { token: await googleCredential(email) },
  });

describe('Google sign-in and existing accounts (item 5)', () => {
  it("does not sign anyone into the admin's account", async () => {
    const res = await googleLogin(TEST_ADMIN.email);
    expect(res.status).toBe(403);
    expect(res.body.access_token).toBeUndefined();
  });

  it('does not link Google to an account whose address was never verified', async () => {
    // The attacker registers the victim's address with a password of their own...
    const squatted = await registerDeveloper(server.url, 'attackers-password');
    // ...and the victim then signs in with Google.
    const res = await googleLogin(squatted.email);
    expect(res.status).toBe(403);
    expect(res.body.access_token).toBeUndefined();
    expect(res.body.detail).toBeTruthy();
  });

  it('links Google once the address was verified through the mailed link', async () => {
    const owner = await registerDeveloper(server.url);
    const [token] = await linkTokens(owner.email, 'verify-email');
    expect(token).toBeTruthy();
    const verified = await callFrom(server.url, newClient(), 'POST', '/api/verify-email', { body: { token } });
    expect(verified.status).toBe(200);
    const res = await googleLogin(owner.email);
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('developer');
  });

  it('a first Google sign-in creates a verified account', async () => {
    const email = `g-${Date.now()}@example.com`;
    const first = await googleLogin(email);
    expect(first.status).toBe(200);
    const profile = await callFrom(server.url, newClient(), 'GET', '/api/user/profile', {
      token: first.body.access_token,
    });
    expect(profile.body.email_verified).toBe(true);
  });

  it('an unverified developer can sign in but cannot create a production key', async () => {
    const dev = await registerDeveloper(server.url);
    const login = await signIn(server.url, dev.email, dev.password);
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    const production = await callFrom(server.url, newClient(), 'POST', '/api/keys', {
      token,
      body: { type: 'production' },
    });
    expect(production.status).toBe(403);
    const staging = await callFrom(server.url, newClient(), 'POST', '/api/keys', { token, body: { type: 'staging' } });
    expect(staging.status).toBe(201);
  });
});
