import { describe, expect, it } from 'vitest';
import { envForTests } from '../testing/env';
import { clientAddress, parseViewerAddress } from './client-address';

// SCRYPT_LOG2_N is cleared: the test stack lowers it in the runner's environment; the cloud refuses that.
const setEnv = envForTests(['RUNTIME', 'SCRYPT_LOG2_N', 'JWT_SECRET', 'STRIPE_WEBHOOK_SECRET']);

function runtime(r: 'aws' | 'local') {
  // The local runtime refuses to start without its generated Stripe webhook secret.
  setEnv({ RUNTIME: r, JWT_SECRET: 'x'.repeat(32), STRIPE_WEBHOOK_SECRET: `whsec_${'y'.repeat(32)}` });
}

describe('client address', () => {
  it('reads the viewer address CloudFront forwards, IPv4 and IPv6, without the port', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress('2001:0db8:85a3::8a2e:0370:7334:46532')).toBe('2001:0db8:85a3::8a2e:0370:7334');
    expect(parseViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseViewerAddress('evil, 1.2.3.4')).toBeUndefined();
  });

  it('trusts the header only in the cloud, and falls back to sourceIp', () => {
    runtime('aws');
    expect(clientAddress({ 'cloudfront-viewer-address': '203.0.113.9:5000' }, '130.176.0.1')).toBe('203.0.113.9');
    expect(clientAddress({}, '130.176.0.1')).toBe('130.176.0.1');
    runtime('local');
    expect(clientAddress({ 'cloudfront-viewer-address': '203.0.113.9:5000' }, '127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('clientKey (what per-client limits count under)', () => {
  it('keeps IPv4, reduces IPv6 to its /64 and IPv4-mapped IPv6 to IPv4', async () => {
    const { clientKey } = await import('./client-address');
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
