import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, originVerified } from './origin-verify';

const SECRET = 's'.repeat(48);

describe('origin-verify header', () => {
  it('admits only the exact value CloudFront sends', () => {
    expect(originVerified({ [ORIGIN_VERIFY_HEADER]: SECRET }, SECRET)).toBe(true);
    expect(originVerified({}, SECRET)).toBe(false);
    expect(originVerified({ [ORIGIN_VERIFY_HEADER]: '' }, SECRET)).toBe(false);
    expect(originVerified({ [ORIGIN_VERIFY_HEADER]: SECRET.slice(0, -1) }, SECRET)).toBe(false);
    expect(originVerified({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }, SECRET)).toBe(false);
    expect(originVerified({ [ORIGIN_VERIFY_HEADER]: SECRET.toUpperCase() }, SECRET)).toBe(false);
  });

  it('checks nothing where no value is configured (the local runtime)', () => {
    expect(originVerified({}, undefined)).toBe(true);
  });
});
