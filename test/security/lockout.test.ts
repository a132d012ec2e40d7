/**
 * Five bad attempts locked the address for everybody, the owner included and
 * with the right password. Failures now count per (address, client) and per client, with only a
 * short per-address back-off; a password reset clears the lock. Locally, where there is no
 * CloudFront, a CloudFront-Viewer-Address header sent by the client is not believed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
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
