/**
 * Five bad attempts locked the address for everybody, the owner included and
 * with the right password. Failures now count per (address, client) and per client, with only a
 * short per-address back-off; a password reset clears the lock. Locally, where there is no
 * CloudFront, a CloudFront-Viewer-Address header sent by the client is not believed.
 */

import { SIGN_IN_LINK_INVALID } from '@shared/schemas/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { INCORRECT_CREDENTIALS } from '../../functions/core/users/users-service';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { linkTokens, registerDeveloper, signIn, uniqueAddress } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();
afterEach(() => setRateLimitClockForTests());

describe('lock-out by a stranger (item 2)', () => {
  it("an attacker's failures from client A do not lock the owner out on client B", async () => {
    const owner = await registerDeveloper(server.url);
    const attacker = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(server.url, owner.email, `bad-${i}`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);

    const ownersDesk = newClient();
    const mine = await signIn(server.url, owner.email, owner.password, ownersDesk);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.access_token).toBeTruthy();
  });

  it('a password reset lifts the lock of the client that was locked', async () => {
    const owner = await registerDeveloper(server.url);
    const desk = newClient();
    for (let i = 0; i < 5; i++) await signIn(server.url, owner.email, `bad-${i}`, desk);
    expect((await signIn(server.url, owner.email, owner.password, desk)).status).toBe(429);

    await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    const [token] = await linkTokens(owner.email, 'reset-password');
    const reset = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token, password: 'brand-new-pass-1' },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(server.url, owner.email, 'brand-new-pass-1', desk)).status).toBe(200);
  });

  it('guesses spread over many clients get a short per-address back-off, not a lock', async () => {
    const owner = await registerDeveloper(server.url);
    // The server's rate limits on a clock that moves only when the test moves it.
    let now = Date.now();
    setRateLimitClockForTests(() => now);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(server.url, owner.email, `spread-${i}`, newClient())),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    console.info(`item 2: 15 parallel wrong passwords from 15 clients -> ${checked} password checks`);
    expect(checked).toBe(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    // The owner waits at most a minute, whatever the attacker keeps doing elsewhere.
    const mine = await signIn(server.url, owner.email, owner.password, newClient());
    expect(mine.status).toBe(429);
    expect(Number(mine.headers['retry-after'])).toBe(60);
    expect(mine.body.detail).toMatch(/try again in 1 minute\./);
    // A second before the minute is over the back-off still holds; then the owner is in.
    now += 59_000;
    const early = await signIn(server.url, owner.email, owner.password, newClient());
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(1);
    now += 1_000;
    const inAgain = await signIn(server.url, owner.email, owner.password, newClient());
    expect(inAgain.status, JSON.stringify(inAgain.body)).toBe(200);
  });

  it("the owner's own right passwords spend nothing: many sign-ins in a minute, then a typo gets the ordinary answer", async () => {
    // Every password check, the owner's right one included, used to spend the per-address minute
    // budget (LOGIN_ADDRESS_MAX_PER_MINUTE, 10): an owner signing in often was backed off by their own
    // successes. Only failures count now.
    const owner = await registerDeveloper(server.url);
    const now = Date.now();
    setRateLimitClockForTests(() => now);
    const desk = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await signIn(server.url, owner.email, owner.password, desk)).status);
    expect(statuses).toEqual(Array(15).fill(200));
    const typo = await signIn(server.url, owner.email, 'right-pasword-1', desk);
    expect(typo.status).toBe(401);
    expect(typo.body.detail).toBe(INCORRECT_CREDENTIALS);
    expect((await signIn(server.url, owner.email, owner.password, desk)).status).toBe(200);
  });

  it('a forged CloudFront-Viewer-Address header does not give one client fresh budgets locally', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await callFrom(server.url, client, 'POST', '/api/login', {
        body: { email: `nobody-${i}@example.com`, password: 'Winter2026!' },
        headers: { 'cloudfront-viewer-address': `198.51.100.${i + 1}:443` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('a second proof instead of a wait (item 2: never a permanent lock)', () => {
  it('a locked owner signs in at once with a mailed single-use link, which also lifts the lock', async () => {
    const owner = await registerDeveloper(server.url);
    const desk = newClient();
    for (let i = 0; i < 5; i++) await signIn(server.url, owner.email, `bad-${i}`, desk);
    expect((await signIn(server.url, owner.email, owner.password, desk)).status).toBe(429);

    // The same answer for an address without an account: no oracle.
    const asked = await callFrom(server.url, desk, 'POST', '/api/login/email-link', { body: { email: owner.email } });
    const nobody = await callFrom(server.url, desk, 'POST', '/api/login/email-link', {
      body: { email: uniqueAddress('nobody') },
    });
    expect(asked.status).toBe(200);
    expect(nobody.body).toEqual(asked.body);
    const [token] = await linkTokens(owner.email, 'login/link');
    expect(token).toBeTruthy();

    const viaLink = await callFrom(server.url, desk, 'POST', '/api/login/link', { body: { token } });
    expect(viaLink.status, JSON.stringify(viaLink.body)).toBe(200);
    expect(viaLink.body.access_token).toBeTruthy();
    // Once only.
    const again = await callFrom(server.url, desk, 'POST', '/api/login/link', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(SIGN_IN_LINK_INVALID);
    // The desk's lock is gone: the password works there again.
    expect((await signIn(server.url, owner.email, owner.password, desk)).status).toBe(200);
  });

  it('a tampered link or one issued before a password reset signs nobody in', async () => {
    const owner = await registerDeveloper(server.url);
    await callFrom(server.url, newClient(), 'POST', '/api/login/email-link', { body: { email: owner.email } });
    const [token] = await linkTokens(owner.email, 'login/link');
    const tampered = await callFrom(server.url, newClient(), 'POST', '/api/login/link', {
      body: { token: `${token}x` },
    });
    expect(tampered.status).toBe(400);
    // A reset moves the account's token version on: the older link is void.
    await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    const [reset] = await linkTokens(owner.email, 'reset-password');
    await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token: reset, password: 'brand-new-pass-2' },
    });
    const stale = await callFrom(server.url, newClient(), 'POST', '/api/login/link', { body: { token } });
    expect(stale.status).toBe(400);
    expect(stale.body.access_token).toBeUndefined();
  });
});
