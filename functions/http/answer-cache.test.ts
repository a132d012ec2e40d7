import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createAnswerCache } from './answer-cache';

const version = { value: 1, reads: 0, delayMs: 0 };
const cache = createAnswerCache({
  current: async () => {
    version.reads++;
    const v = version.value;
    if (version.delayMs) await new Promise((r) => setTimeout(r, version.delayMs));
    return v;
  },
  forget() {},
});
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
});
