import { SIGN_IN_LINK_REQUIRED } from '@shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { createRateLimiter } from '../rate-limit/rate-limiter';
import { fakeClock, memoryRateLimitStore } from '../rate-limit/testing';
import { createLoginThrottle, lockedMessage } from './login-throttle';

function setup(
  overrides: Partial<{ clientMaxFailures: number; addressPerMinute: number; addressFailuresPerDay: number }> = {},
) {
  const clock = fakeClock();
  const limiter = createRateLimiter(memoryRateLimitStore(), clock.now);
  const throttle = createLoginThrottle(limiter, () => ({
    maxFailures: 5,
    lockSeconds: 900,
    clientMaxFailures: 20,
    addressPerMinute: 10,
    addressFailuresPerDay: 50,
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

  it('past the daily budget asks for the mailed link, whatever the client, until a reset', async () => {
    const { throttle, advance } = setup({ addressFailuresPerDay: 12 });
    for (let i = 0; i < 12; i++) {
      await fail(throttle, 'f@x.com', `c${i}`);
      if (i % 5 === 4) advance(60);
    }
    advance(60);
    const err = await throttle.reserve('f@x.com', 'fresh-client', 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as Error).message).toBe(SIGN_IN_LINK_REQUIRED);
    // Waiting out the minute back-off or the lock does not help; the day's window does.
    advance(23 * 3600);
    await expect(throttle.reserve('f@x.com', 'another', 0)).rejects.toThrow(SIGN_IN_LINK_REQUIRED);
    advance(3600);
    await expect(throttle.reserve('f@x.com', 'another', 0)).resolves.toBeDefined();
    // A reset (new token version) starts afresh at once.
    for (let i = 0; i < 12; i++) await fail(throttle, 'g@x.com', `c${i}`, 0).then(() => advance(7));
    await expect(throttle.reserve('g@x.com', 'c', 0)).rejects.toThrow(SIGN_IN_LINK_REQUIRED);
    await expect(throttle.reserve('g@x.com', 'c', 1)).resolves.toBeDefined();
  });

  it('successes spend nothing of the daily budget', async () => {
    const { throttle } = setup({ addressFailuresPerDay: 3, addressPerMinute: 100 });
    for (let i = 0; i < 20; i++) await (await throttle.reserve('h@x.com', 'c', 0)).succeeded();
    for (let i = 0; i < 3; i++) await fail(throttle, 'h@x.com', `c${i}`);
    await expect(throttle.reserve('h@x.com', 'c9', 0)).rejects.toThrow(SIGN_IN_LINK_REQUIRED);
  });

  it('a known device is held neither by the daily budget nor by another device', async () => {
    const { throttle } = setup({ addressFailuresPerDay: 3, addressPerMinute: 100 });
    for (let i = 0; i < 3; i++) await fail(throttle, 'k@x.com', `c${i}`);
    await expect(throttle.reserve('k@x.com', 'c9', 0)).rejects.toThrow(SIGN_IN_LINK_REQUIRED);
    await expect(throttle.reserve('k@x.com', 'c9', 0, 'device-a')).resolves.toBeDefined();
    for (let i = 0; i < 4; i++) await throttle.reserve('k@x.com', 'net', 0, 'device-a');
    await expect(throttle.reserve('k@x.com', 'net', 0, 'device-a')).rejects.toThrow(/try again in 15 minutes/);
    await expect(throttle.reserve('k@x.com', 'net', 0, 'device-b')).resolves.toBeDefined();
  });

  it('words the wait in whole minutes, rounded up', () => {
    expect(lockedMessage(61)).toBe('Too many failed login attempts. Please try again in 2 minutes.');
    expect(lockedMessage(5)).toBe('Too many failed login attempts. Please try again in 1 minute.');
  });
});
