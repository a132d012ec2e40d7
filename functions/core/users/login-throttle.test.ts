import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { createLoginThrottle, lockedMessage } from './login-throttle';
import type { FailureWindow, LoginAttemptsStore } from './ports';

/** The store contract of LoginAttemptsStore, in memory. */
function memoryStore(): LoginAttemptsStore & { windows: Map<string, FailureWindow> } {
  const windows = new Map<string, FailureWindow>();
  return {
    windows,
    async get(email) {
      return windows.get(email);
    },
    async recordFailure(email, now, windowSeconds) {
      const w = windows.get(email);
      const next =
        w && w.expiresAt > now ? { ...w, failures: w.failures + 1 } : { failures: 1, expiresAt: now + windowSeconds };
      windows.set(email, next);
      return next;
    },
    async extendUntil(email, until) {
      const w = windows.get(email);
      if (w) windows.set(email, { ...w, expiresAt: until });
    },
    async clear(email) {
      windows.delete(email);
    },
  };
}

function setup() {
  const store = memoryStore();
  let now = 1_000_000;
  const throttle = createLoginThrottle(
    store,
    () => ({ maxFailures: 5, lockSeconds: 900 }),
    () => now,
  );
  return { store, throttle, advance: (s: number) => (now += s) };
}

describe('login throttle', () => {
  it('locks an address after 5 failures, for the full lock period after the 5th', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 4; i++) {
      await throttle.assertNotLocked('a@x.com');
      await throttle.recordFailure('a@x.com');
      advance(100);
    }
    await throttle.assertNotLocked('a@x.com');
    await throttle.recordFailure('a@x.com'); // 5th failure at t+400: locked until t+1300
    const err = await throttle.assertNotLocked('a@x.com').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).status).toBe(429);
    expect((err as TooManyRequestsError).headers['Retry-After']).toBe('900');
    expect((err as Error).message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    advance(899);
    await expect(throttle.assertNotLocked('a@x.com')).rejects.toThrow('Please try again in 1 minute.');
    advance(1);
    await expect(throttle.assertNotLocked('a@x.com')).resolves.toMatchObject({ failures: 5 });
  });

  it('forgets failures older than the window', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 4; i++) await throttle.recordFailure('b@x.com');
    advance(901);
    await throttle.recordFailure('b@x.com');
    await expect(throttle.assertNotLocked('b@x.com')).resolves.toMatchObject({ failures: 1 });
  });

  it('counts each address on its own and starts over after a reset', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await throttle.recordFailure('c@x.com');
    await expect(throttle.assertNotLocked('c@x.com')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(throttle.assertNotLocked('d@x.com')).resolves.toBeUndefined();
    await throttle.reset('c@x.com');
    await expect(throttle.assertNotLocked('c@x.com')).resolves.toBeUndefined();
  });

  it('words the wait in whole minutes, rounded up', () => {
    expect(lockedMessage(61)).toBe('Too many failed login attempts. Please try again in 2 minutes.');
    expect(lockedMessage(5)).toBe('Too many failed login attempts. Please try again in 1 minute.');
  });
});
