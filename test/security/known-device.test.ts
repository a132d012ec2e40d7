/**
 * Issue 30, finding 2 (medium): the sign-in back-off was a lockout lever. Failures from many
 * addresses filled the per-address minute budget and the owner, with the right password, was kept
 * out too (23 of 34 tries in 4 minutes). A browser that has signed in to the account before now
 * holds a signed device cookie (HttpOnly, SameSite=Strict) and is not held by others' failures; a
 * browser without it still gets the short back-off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { registerDeveloper, signIn } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();
afterEach(() => setRateLimitClockForTests());

describe("a known browser is not held by others' failures", () => {
  it('the owner signs in with the device cookie while strangers spend the per-address back-off', async () => {
    const owner = await registerDeveloper(server.url);
    const first = await signIn(server.url, owner.email, owner.password, newClient());
    expect(first.status).toBe(200);
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/dm_device=[^;]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0] ?? '';

    let now = Date.now();
    setRateLimitClockForTests(() => now);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(server.url, owner.email, `spread-${i}`, newClient())),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);

    // Without the cookie the owner waits out the back-off; with it (from yet another address) they are in.
    expect((await signIn(server.url, owner.email, owner.password, newClient())).status).toBe(429);
    const known = await callFrom(server.url, newClient(), 'POST', '/api/login', {
      body: { email: owner.email, password: owner.password },
      headers: { cookie },
    });
    console.info(`item 2: the owner's sign-in with the device cookie during the back-off answers ${known.status}`);
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    // The same for the admin form's route.
    const viaAdminForm = await callFrom(server.url, newClient(), 'POST', '/api/admin-login', {
      body: { email: owner.email, password: owner.password },
      headers: { cookie },
    });
    expect(viaAdminForm.status).toBe(200);

    // A cookie made for another account, or tampered with, counts for nothing.
    const forged = cookie.replace(/\.[^.]+$/, '.AAAA');
    expect(
      (
        await callFrom(server.url, newClient(), 'POST', '/api/login', {
          body: { email: owner.email, password: owner.password },
          headers: { cookie: forged },
        })
      ).status,
    ).toBe(429);
    now += 60_000;
  });
});
