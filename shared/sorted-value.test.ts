import { describe, expect, it } from 'vitest';
import { sortedValue } from './sorted-value';

describe('sortedValue', () => {
  it('stringifies the same data alike whatever the key order, at every depth, without undefined entries', () => {
    const a = { b: 1, a: [{ y: 2, x: 1 }], c: { e: undefined, d: null } };
    const b = { c: { d: null }, a: [{ x: 1, y: 2 }], b: 1 };
    expect(JSON.stringify(sortedValue(a))).toBe(JSON.stringify(sortedValue(b)));
    expect(JSON.stringify(sortedValue(a))).toBe('{"a":[{"x":1,"y":2}],"b":1,"c":{"d":null}}');
  });

  it('keeps array order and leaves out the entries the filter refuses', () => {
    const keep = (k: string) => !k.endsWith('_at');
    expect(sortedValue([{ id: 2, created_at: 't1' }, { id: 1 }], keep)).toEqual([{ id: 2 }, { id: 1 }]);
    expect(JSON.stringify(sortedValue({ id: 1, seen_at: 'x' }, keep))).not.toContain('seen_at');
  });
});
