import { describe, expect, it } from 'vitest';
import { createDeviceTokens, deviceTokenOf } from './device-token';

describe('device tokens', () => {
  it('hold for the account and token version they were issued for, with the same secret only', () => {
    const tokens = createDeviceTokens(() => 's'.repeat(32));
    const token = tokens.issue('user-1', 0);
    const device = tokens.deviceOf(token, 'user-1', 0);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokens.deviceOf(token, 'user-2', 0)).toBeUndefined();
    expect(tokens.deviceOf(token.replace(/.$/, token.endsWith('A') ? 'B' : 'A'), 'user-1', 0)).toBeUndefined();
    expect(tokens.deviceOf(undefined, 'user-1', 0)).toBeUndefined();
    expect(createDeviceTokens(() => 't'.repeat(32)).deviceOf(token, 'user-1', 0)).toBeUndefined();
  });

  it('is worthless once the token version moved on (a password reset)', () => {
    const tokens = createDeviceTokens(() => 's'.repeat(32));
    const token = tokens.issue('user-1', 3);
    expect(tokens.deviceOf(token, 'user-1', 3)).toBeDefined();
    expect(tokens.deviceOf(token, 'user-1', 4)).toBeUndefined();
  });

  it('draws a new device id for every browser and keeps it when asked to', () => {
    const tokens = createDeviceTokens(() => 's'.repeat(32));
    const a = tokens.deviceOf(tokens.issue('user-1', 0), 'user-1', 0);
    const b = tokens.deviceOf(tokens.issue('user-1', 0), 'user-1', 0);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
    const again = tokens.issue('user-1', 1, a);
    expect(tokens.deviceOf(again, 'user-1', 1)).toBe(a);
    // The device id cannot be swapped for another one under the same MAC.
    const [account, , mac] = again.split('.');
    expect(tokens.deviceOf(`${account}.${b}.${mac}`, 'user-1', 1)).toBeUndefined();
  });

  it('is read from a Cookie header among other cookies', () => {
    expect(deviceTokenOf('a=1; dm_device=abc.def; b=2')).toBe('abc.def');
    expect(deviceTokenOf('a=1')).toBeUndefined();
    expect(deviceTokenOf(undefined)).toBeUndefined();
  });
});
