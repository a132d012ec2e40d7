import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { limitParam, wholeNumberParam } from './query-numbers';

const detail = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('query-string numbers', () => {
  it('reads ?limit= as a whole number from 1 to max, with one message for every failure', () => {
    const limit = limitParam(50);
    expect(limit.parse('20')).toBe(20);
    expect(limit.parse('50')).toBe(50);
    for (const bad of ['0', '51', '2.5', 'ten', '-1']) {
      expect(detail(limit, bad)).toBe('limit must be a whole number from 1 to 50');
    }
  });

  it('keeps a route-specific message and an open upper end when no max is given', () => {
    const page = wholeNumberParam('page must be a whole number of at least 1', 1);
    expect(page.parse('100000')).toBe(100000);
    expect(detail(page, '0')).toBe('page must be a whole number of at least 1');
    expect(detail(limitParam(500, 'too many'), '501')).toBe('too many');
  });
});
