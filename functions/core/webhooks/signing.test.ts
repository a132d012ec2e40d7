import { Webhook as StandardWebhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSecret, isValidSecret, secretKey, signedHeaders } from './signing';

describe('webhook secrets', () => {
  it('are whsec_ + base64 of 24 random bytes, different every time', () => {
    const a = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secretKey(a)).toHaveLength(24);
    expect(generateSecret()).not.toBe(a);
  });

  it.each([
    [`whsec_${Buffer.alloc(32, 7).toString('base64')}`, true],
    [`whsec_${Buffer.alloc(64, 7).toString('base64')}`, true],
    [`whsec_${Buffer.alloc(16, 7).toString('base64')}`, false],
    [`whsec_${Buffer.alloc(65, 7).toString('base64')}`, false],
    ['whsec_not base64!', false],
    ['whsec_abc', false],
    ['short-own-secret', false],
    ['a-developer-own-secret-24', true],
    [Buffer.alloc(32, 7).toString('base64'), true],
    ['', false],
  ])('%s valid: %s', (secret, valid) => {
    expect(isValidSecret(secret)).toBe(valid);
  });
});

describe('signatures', () => {
  it("sign with the UTF-8 bytes of a developer's own secret", async () => {
    const { createHmac } = await import('node:crypto');
    const secret = 'not-a-whsec-but-long-enough-secret';
    const body = '{"a":1}';
    const headers = signedHeaders(secret, 'msg_own', 1_700_000_000, body);
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`msg_own.1700000000.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('verify with the official standardwebhooks library', () => {
    const secret = generateSecret();
    const body = JSON.stringify({ type: 'patient.created', timestamp: new Date().toISOString(), data: { id: 'p1' } });
    const headers = signedHeaders(secret, 'msg_01TEST', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fail verification with another secret, another body or another id', () => {
    const secret = generateSecret();
    const body = '{"a":1}';
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(secret, 'msg_1', now, body);
    expect(() => new StandardWebhook(generateSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new StandardWebhook(secret).verify('{"a":2}', headers)).toThrow(WebhookVerificationError);
    expect(() => new StandardWebhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(
      WebhookVerificationError,
    );
  });

  it('a licence webhook secret (32 bytes) signs what the reference library verifies, and nothing else', () => {
    const secret = generateSecret(32);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const body = JSON.stringify({ purchase_id: 'p1', customer_email: 'a@b.example' });
    const headers = signedHeaders(secret, 'msg_p1', Math.floor(Date.now() / 1000), body);
    expect(new StandardWebhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new StandardWebhook(generateSecret(32)).verify(body, headers)).toThrow();
  });
});
