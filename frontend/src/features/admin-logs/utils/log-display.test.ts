import { describe, expect, it } from 'vitest';
import { canReplay, paginate, shortId } from './log-display';

describe('webhook log display (docs/spec.md sections 4 and 9)', () => {
  it('offers replay for 400 or more and for network failures only', () => {
    expect(canReplay(200)).toBe(false);
    expect(canReplay(302)).toBe(false);
    expect(canReplay(399)).toBe(false);
    expect(canReplay(400)).toBe(true);
    expect(canReplay(500)).toBe(true);
    expect(canReplay(0)).toBe(true);
    expect(canReplay(undefined)).toBe(true);
  });

  it('pages 20 at a time and clamps the page number', () => {
    const items = Array.from({ length: 41 }, (_, i) => i);
    expect(paginate(items, 1, 20)).toMatchObject({ pages: 3, current: 1 });
    expect(paginate(items, 3, 20).items).toEqual([40]);
    expect(paginate(items, 9, 20).current).toBe(3);
    expect(paginate([], 1, 20)).toEqual({ pages: 1, current: 1, items: [] });
  });

  it('shortens long ids for the table', () => {
    expect(shortId('a42e251d-7b1a-4db5-94a8-b6ba575273cc')).toBe('a42e251d…');
    expect(shortId('l-ok')).toBe('l-ok');
  });
});
