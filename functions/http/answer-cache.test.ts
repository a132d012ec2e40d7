import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createAnswerCache, NOT_KEPT_CACHE_CONTROL, prepared } from './answer-cache';

const version = { value: 1, reads: 0, delayMs: 0 };
const cache = createAnswerCache(
  {
    current: async () => {
      version.reads++;
      const v = version.value;
      if (version.delayMs) await new Promise((r) => setTimeout(r, version.delayMs));
      return v;
    },
    forget() {},
  },
  { maxBytes: 1_000, maxEntries: 3 },
);
const cachedAnswer = cache.answer;
const clearAnswerCache = cache.clear;

beforeEach(() => {
  clearAnswerCache();
  Object.assign(version, { value: 1, reads: 0, delayMs: 0 });
});

describe('answer cache', () => {
  it('serialises once and reuses the answer while the catalogue version holds', async () => {
    const compute = vi.fn(async () => ({ n: 1 }));
    const a = await cachedAnswer('k', compute);
    const b = await cachedAnswer('k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ status: 200, raw: { data: '{"n":1}', contentType: 'application/json; charset=utf-8' } });
    expect(b).toEqual(a);
  });

  it('recomputes as soon as the catalogue version moves', async () => {
    let n = 0;
    const compute = async () => ({ n: ++n });
    await cachedAnswer('k', compute);
    version.value = 2;
    expect((await cachedAnswer('k', compute)).raw?.data).toBe('{"n":2}');
  });

  it('shares one computation between concurrent misses and never caches errors', async () => {
    const compute = vi.fn(async () => ({ ok: true }));
    await Promise.all([cachedAnswer('k', compute), cachedAnswer('k', compute), cachedAnswer('k', compute)]);
    expect(compute).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(cachedAnswer('bad', failing)).rejects.toThrow('boom');
    await expect(cachedAnswer('bad', failing)).rejects.toThrow('boom');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('keeps answers while the catalogue version holds, with no timer, and drops the least recently used past its budget', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const compute = vi.fn(async () => ({ n: 1 }));
      await cachedAnswer('a', compute);
      vi.setSystemTime(Date.now() + 24 * 3600_000);
      await cachedAnswer('a', compute);
      expect(compute).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    await cachedAnswer('b', async () => 1);
    await cachedAnswer('c', async () => 1);
    await cachedAnswer('a', async () => 2); // a used again: b is now the least recently used
    await cachedAnswer('d', async () => 1);
    expect(cache.stats().entries).toBe(3);
    const b = vi.fn(async () => 1);
    await cachedAnswer('b', b);
    expect(b).toHaveBeenCalledTimes(1);
    const big = vi.fn(async () => 'x'.repeat(2_000));
    await cachedAnswer('big', big);
    await cachedAnswer('big', big);
    expect(big).toHaveBeenCalledTimes(2);
  });

  it('serves an answer from an older listing once, not cached, with a short Cache-Control', async () => {
    const compute = vi.fn(async () => prepared('[1]', { headers: { 'x-total-count': '1' }, keep: false }));
    const first = await cachedAnswer('stale', compute);
    await cachedAnswer('stale', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(first.headers).toEqual({ 'x-total-count': '1', 'cache-control': NOT_KEPT_CACHE_CONTROL });
    expect(first.raw?.data).toBe('[1]');
  });
});
