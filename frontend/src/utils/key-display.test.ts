import { describe, expect, it } from 'vitest';
import { keyColumnText, shortKey, usagePercent } from './key-display';

describe('key display', () => {
  it('shows 20 characters in the key column and 8 plus an ellipsis in the compact view', () => {
    const full = 'dk_Q7x2_live_AbCd1234EfGh5678IjKl9012MnOp3456QrSt';
    expect(keyColumnText(full)).toBe('dk_Q7x2_live_AbCd123');
    expect(shortKey(full)).toBe('dk_Q7x2_…');
    expect(keyColumnText('dk_test_AbCd1234')).toBe('dk_test_AbCd1234');
  });

  it('tells two keys of the same type apart in the compact view (their tags differ)', () => {
    const a = 'dk_Q7x2_live_AbCd1234EfGh5678IjKl9012MnOp3456QrSt';
    const b = 'dk_m3Rk_live_AbCd1234EfGh5678IjKl9012MnOp3456QrSt';
    expect(shortKey(a)).not.toBe(shortKey(b));
  });

  it('caps usage between 0 and 100 percent', () => {
    expect(usagePercent(250, 500)).toBe(50);
    expect(usagePercent(900, 500)).toBe(100);
    expect(usagePercent(1, 0)).toBe(0);
  });
});
