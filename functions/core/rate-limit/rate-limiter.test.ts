import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { createRateLimiter, type Limit, minutesFor } from './rate-limiter';
import { fakeClock, memoryRateLimitStore } from './testing';

const perMinute = (key: string, limit = 3): Limit => ({
  key,
  limit,
  windowSeconds: 60,
  message: (s) => `Too many requests. Please try again in ${minutesFor(s)} minute(s).`,
});

function setup() {
  const clock = fakeClock();
  const store = memoryRateLimitStore();
  return { clock, store, limiter: createRateLimiter(store, clock.now) };
}

const refusal = (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as TooManyRequestsError);

describe('rate limiter (on an injected clock)', () => {
  it('counts a window from its first unit and opens a fresh one when it ends, not before', async () => {
    const { clock, limiter } = setup();
    clock.advance(50); // the window starts with the first unit, wherever the minute is
    for (let i = 0; i < 3; i++) await limiter.take(perMinute('k'));
    const full = await refusal(limiter.take(perMinute('k')));
    expect(full).toBeInstanceOf(TooManyRequestsError);
    expect(full?.headers['Retry-After']).toBe('60');

    clock.advance(59);
    const lastSecond = await refusal(limiter.take(perMinute('k')));
    expect(lastSecond?.headers['Retry-After']).toBe('1');
    expect(lastSecond?.message).toBe('Too many requests. Please try again in 1 minute(s).');

    clock.advance(1);
    await expect(limiter.take(perMinute('k'))).resolves.toBeUndefined();
    expect(await limiter.tryTake(perMinute('k'))).toBe(true);
    expect(await limiter.tryTake(perMinute('k'))).toBe(true);
    expect(await limiter.tryTake(perMinute('k'))).toBe(false);
  });

  it('keeps keys apart and words a wait of over a minute in whole minutes, rounded up', async () => {
    const { clock, limiter } = setup();
    const hour: Limit = { ...perMinute('h', 1), windowSeconds: 3600 };
    await limiter.take(hour);
    await limiter.take(perMinute('other', 1));
    clock.advance(61);
    const err = await refusal(limiter.take(hour));
    expect(err?.headers['Retry-After']).toBe('3539');
    expect(err?.message).toBe('Too many requests. Please try again in 59 minute(s).');
  });

  it('takeAll gives back what it took when a later limit refuses', async () => {
    const { store, limiter } = setup();
    await limiter.take(perMinute('b', 1));
    await expect(limiter.takeAll([perMinute('a', 5), perMinute('b', 1)])).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(store.counters.get('a')?.n).toBe(0);
  });
});
