/**
 * 120 concurrent wrong passwords for one address ran 27 real password checks
 * although the limit is 5, because the failure was counted only after scrypt. Every password
 * check is one scrypt call, counted here in the server's own process.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDeveloper } from './support/accounts';
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
