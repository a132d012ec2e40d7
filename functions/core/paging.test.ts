import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './paging';

const accepting = (v: Record<string, unknown>) => typeof v.PK === 'string';

describe('the one cursor codec', () => {
  it('round-trips a key as base64url JSON (the bytes cursors had before)', () => {
    const key = { PK: 'APP#a1', SK: 'REVIEW#r1' };
    const cursor = encodeCursor(key);
    expect(cursor).toBe(Buffer.from(JSON.stringify(key)).toString('base64url'));
    expect(decodeCursor(cursor, accepting, 'Invalid cursor')).toEqual(key);
  });

  it("refuses what is not a cursor of this list with the list's own message", () => {
    for (const bad of [
      'garbage',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      Buffer.from('"text"').toString('base64url'),
      encodeCursor({ SK: 'no PK' }),
    ]) {
      expect(() => decodeCursor(bad, accepting, 'That is not this list')).toThrow('That is not this list');
    }
  });
});
