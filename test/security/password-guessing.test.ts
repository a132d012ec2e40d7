/**
 * 120 concurrent wrong passwords for one address ran 27 real password checks
 * although the limit is 5, because the failure was counted only after scrypt. Every password
 * check is one scrypt call, counted here in the server's own process.
 *
 * And the passwords guessers try first were accepted: "Password1" or "qwerty123" (6+ characters,
 * the spec's minimum) made an account, and a reset to one went through. Now refused with a 400 that
 * says why, before any password is hashed, and nothing changes.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BREACHED_PASSWORD_MESSAGE } from '../../functions/core/users/breached-passwords';
import { linkTokens, registerDeveloper, signIn, uniqueAddress } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const scryptCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    scryptCalls.count++;
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, default: { ...actual, scrypt }, scrypt };
});

const server = ownServer();

describe('parallel password guessing (item 1)', () => {
  let owner: { email: string; password: string };
  beforeAll(async () => {
    owner = await registerDeveloper(server.url);
  });

  it('120 parallel wrong passwords from one client run at most 5 password checks', async () => {
    const attacker = newClient();
    scryptCalls.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        callFrom(server.url, attacker, 'POST', '/api/login', {
          body: { email: owner.email, password: `wrong-guess-${i}` },
        }),
      ),
    );
    const checks = scryptCalls.count;
    console.info(`item 1: 120 parallel wrong passwords -> ${checks} password checks`);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(checks).toBeLessThanOrEqual(5);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.detail).toMatch(/Too many failed login attempts/);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('commonly breached passwords (item 2)', () => {
  it('sign-up refuses one, whatever its case, and creates nothing', async () => {
    const email = uniqueAddress('breached');
    scryptCalls.count = 0;
    for (const password of ['Password1', 'qwerty123', 'ILOVEYOU']) {
      const res = await callFrom(server.url, newClient(), 'POST', '/api/register', {
        body: { full_name: 'Owner', email, password, company_name: 'Owner Dental' },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(BREACHED_PASSWORD_MESSAGE);
    }
    expect(scryptCalls.count).toBe(0);
    // No account was made: the address is still free for a good password.
    const good = await callFrom(server.url, newClient(), 'POST', '/api/register', {
      body: { full_name: 'Owner', email, password: 'enamel-lantern-42', company_name: 'Owner Dental' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
  });

  it('a reset to one is refused and leaves the password and the link as they were', async () => {
    const owner = await registerDeveloper(server.url);
    await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    const [token] = await linkTokens(owner.email, 'reset-password');
    const weak = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token, password: 'Letmein1' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(BREACHED_PASSWORD_MESSAGE);
    expect((await signIn(server.url, owner.email, owner.password)).status).toBe(200);
    const strong = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token, password: 'enamel-lantern-42' },
    });
    expect(strong.status, JSON.stringify(strong.body)).toBe(200);
  });
});
