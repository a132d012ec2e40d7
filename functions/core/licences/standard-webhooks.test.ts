import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeaders } from './standard-webhooks';

describe('Standard Webhooks signing', () => {
  it('produces headers the reference library verifies', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const body = JSON.stringify({ purchase_id: 'p1', customer_email: 'a@b.example' });
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(secret, 'msg_p1', now, body);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('does not verify with another secret or a changed body', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(secret, 'msg_p2', now, '{"a":1}');
    expect(() => new Webhook(newWebhookSecret()).verify('{"a":1}', headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
  });
});
