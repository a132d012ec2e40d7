/**
 * Issue #11, item 2: five bad attempts locked the address for everybody, the owner included and
 * with the right password. Failures now count per (address, client) and per client, with only a
 * short per-address back-off; a password reset clears the lock.
 */
import { describe, expect, it } from 'vitest';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();

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
});
