/**
 * Issue 30, finding 2 (medium): the sign-in back-off was a lockout lever. Failures from many
 * addresses filled the per-address minute budget and the owner, with the right password, was kept
 * out too (23 of 34 tries in 4 minutes). A browser that has signed in to the account before now
 * holds a signed device cookie (HttpOnly, SameSite=Strict) and is not held by others' failures; a
 * browser without it still gets the short back-off. The cookie holds a random device id (each
 * browser its own failure counter) and is bound to the account's token version, so a password
 * reset revokes every cookie issued before it (issue 30 audit, item 7).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
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

const cookieOf = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .join('\n')
    .split(';')[0] ?? '';

const signInWith = (email: string, password: string, cookie: string, from = newClient()) =>
  callFrom(server.url, from, 'POST', '/api/login', { body: { email, password }, headers: { cookie } });

describe('the device cookie is per browser and dies with a password reset (issue 30 audit, item 7)', () => {
  it('a cookie issued before a password reset no longer counts as known', async () => {
    // The cookie was <account>.<MAC(account)>: the same for every browser, for ever. Whoever had
    // held it (a shared or stolen computer) stayed "known" after the owner reset the password.
    const owner = await registerDeveloper(server.url);
    const before = cookieOf(await signIn(server.url, owner.email, owner.password, newClient()));
    expect(before).toMatch(/^dm_device=/);

    await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    const [reset] = await linkTokens(owner.email, 'reset-password');
    const done = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token: reset, password: 'brand-new-pass-4' },
    });
    expect(done.status).toBe(200);

    let now = Date.now();
    setRateLimitClockForTests(() => now);
    const spread = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(server.url, owner.email, `spread-${i}`, newClient())),
    );
    expect(spread.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    const stale = await signInWith(owner.email, 'brand-new-pass-4', before);
    console.info(`item 7: a device cookie from before the reset, during the back-off -> ${stale.status}`);
    expect(stale.status).toBe(429);

    // Once the back-off is over the owner signs in and the browser gets a cookie that counts again.
    now += 60_000;
    const fresh = await signInWith(owner.email, 'brand-new-pass-4', before);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const after = cookieOf(fresh);
    expect(after).toMatch(/^dm_device=/);
    expect(after).not.toBe(before);
    await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(server.url, owner.email, `again-${i}`, newClient())));
    expect((await signInWith(owner.email, 'brand-new-pass-4', after)).status).toBe(200);
  });

  it("two devices' failures do not share a counter", async () => {
    // Every browser of an account held the same cookie and one lock counter (`…:device`): five
    // failures on one (a shared front-desk computer, or a stolen cookie) locked all of them.
    const owner = await registerDeveloper(server.url);
    const desk = cookieOf(await signIn(server.url, owner.email, owner.password, newClient()));
    const laptop = cookieOf(await signIn(server.url, owner.email, owner.password, newClient()));
    expect(desk).toMatch(/^dm_device=/);
    expect(laptop).toMatch(/^dm_device=/);
    expect(laptop).not.toBe(desk);

    const network = newClient();
    for (let i = 0; i < 5; i++) {
      expect((await signInWith(owner.email, `typo-${i}`, desk, network)).status).toBe(401);
    }
    const deskLocked = await signInWith(owner.email, owner.password, desk, network);
    expect(deskLocked.status).toBe(429);
    const laptopIn = await signInWith(owner.email, owner.password, laptop, network);
    console.info(`item 7: after 5 failures on one device, another device of the same account -> ${laptopIn.status}`);
    expect(laptopIn.status, JSON.stringify(laptopIn.body)).toBe(200);
    // Signing in again keeps the browser's device id: the laptop's new cookie is the same device.
    expect(cookieOf(laptopIn)).toBe(laptop);
  });
});
