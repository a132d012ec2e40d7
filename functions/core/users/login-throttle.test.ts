import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { createRateLimiter } from '../rate-limit/rate-limiter';
import { fakeClock, memoryRateLimitStore } from '../rate-limit/testing';
import { createLoginThrottle, lockedMessage } from './login-throttle';

function setup(overrides: Partial<{ clientMaxFailures: number; addressPerMinute: number }> = {}) {
  const clock = fakeClock();
  const limiter = createRateLimiter(memoryRateLimitStore(), clock.now);
  const throttle = createLoginThrottle(limiter, () => ({
    maxFailures: 5,
    lockSeconds: 900,
    clientMaxFailures: 20,
    addressPerMinute: 10,
    ...overrides,
  }));
  return { throttle, advance: clock.advance };
}

const fail = (t: ReturnType<typeof setup>['throttle'], email: string, client: string, v = 0) =>
  t.reserve(email, client, v).then(() => undefined);

describe('login throttle', () => {
  it('allows 5 checks per (address, client) per window, then 429 with Retry-After', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle, 'a@x.com', 'c1');
    const err = await throttle.reserve('a@x.com', 'c1', 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).headers['Retry-After']).toBe('900');
    expect((err as Error).message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // Another client is not affected.
    await expect(throttle.reserve('a@x.com', 'c2', 0)).resolves.toBeDefined();
    advance(900);
    await expect(throttle.reserve('a@x.com', 'c1', 0)).resolves.toBeDefined();
  });

  it('reserves before the check: parallel attempts cannot pass the limit', async () => {
    const { throttle } = setup();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => throttle.reserve('p@x.com', 'c', 0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('a success gives its units back and lifts the (address, client) lock', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) await fail(throttle, 'b@x.com', 'c');
    await (await throttle.reserve('b@x.com', 'c', 0)).succeeded();
    for (let i = 0; i < 5; i++) await fail(throttle, 'b@x.com', 'c');
  });

  it('limits a client across addresses (spraying)', async () => {
    const { throttle } = setup({ clientMaxFailures: 3 });
    for (let i = 0; i < 3; i++) await fail(throttle, `u${i}@x.com`, 'sprayer');
    await expect(throttle.reserve('u9@x.com', 'sprayer', 0)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(throttle.reserve('u9@x.com', 'someone-else', 0)).resolves.toBeDefined();
  });

  it('backs an address off for a minute only, from all clients together', async () => {
    const { throttle, advance } = setup({ addressPerMinute: 4 });
    for (let i = 0; i < 4; i++) await fail(throttle, 'd@x.com', `c${i}`);
    const err = await throttle.reserve('d@x.com', 'owner', 0).catch((e: unknown) => e);
    expect((err as TooManyRequestsError).headers['Retry-After']).toBe('60');
    advance(59);
    await expect(throttle.reserve('d@x.com', 'owner', 0)).rejects.toBeInstanceOf(TooManyRequestsError);
    advance(1);
    await expect(throttle.reserve('d@x.com', 'owner', 0)).resolves.toBeDefined();
  });

  it('starts afresh when the token version moved on (password reset)', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 5; i++) await fail(throttle, 'e@x.com', 'c', 0);
    await expect(throttle.reserve('e@x.com', 'c', 0)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(throttle.reserve('e@x.com', 'c', 1)).resolves.toBeDefined();
  });

  it('words the wait in whole minutes, rounded up', () => {
    expect(lockedMessage(61)).toBe('Too many failed login attempts. Please try again in 2 minutes.');
    expect(lockedMessage(5)).toBe('Too many failed login attempts. Please try again in 1 minute.');
  });
});
