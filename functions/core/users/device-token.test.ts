import { describe, expect, it } from 'vitest';
import { createDeviceTokens, deviceTokenOf } from './device-token';

describe('device tokens', () => {
  it('hold for the account they were issued for, with the same secret only', () => {
    const tokens = createDeviceTokens(() => 's'.repeat(32));
    const token = tokens.issue('user-1');
    expect(tokens.holds(token, 'user-1')).toBe(true);
    expect(tokens.holds(token, 'user-2')).toBe(false);
    expect(tokens.holds(token.replace(/.$/, token.endsWith('A') ? 'B' : 'A'), 'user-1')).toBe(false);
    expect(tokens.holds(undefined, 'user-1')).toBe(false);
    expect(createDeviceTokens(() => 't'.repeat(32)).holds(token, 'user-1')).toBe(false);
  });

  it('is read from a Cookie header among other cookies', () => {
    expect(deviceTokenOf('a=1; dm_device=abc.def; b=2')).toBe('abc.def');
    expect(deviceTokenOf('a=1')).toBeUndefined();
    expect(deviceTokenOf(undefined)).toBeUndefined();
  });
});
