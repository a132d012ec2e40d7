/**
 * Issue 30, finding 2 (medium), the IPv6 part: per-client limits keyed on the whole address, so a
 * client with an IPv6 /64 (what one subscriber is routinely given) took a fresh address for every
 * guess and was never counted twice. Here 30 wrong passwords for 30 addresses (password spraying)
 * come from 30 addresses of one /64: the per-client failure budget (LOGIN_CLIENT_MAX_FAILURES, 20 by
 * default) must stop them as it stops one address. The handler is called in this process with the
 * sourceIp API Gateway would report, since loopback has a single IPv6 address.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';

const CLIENT_MAX_FAILURES = 20;

beforeAll(async () => {
  // The shared test stack relaxes the per-client budget; this test needs the product's default.
  delete process.env.LOGIN_CLIENT_MAX_FAILURES;
  (await import('../../functions/config')).resetConfigForTests();
});

async function loginFrom(sourceIp: string, email: string): Promise<number> {
  const { handler } = await import('../../functions/accounts/index');
  const body = JSON.stringify({ email, password: 'not-the-password-1' });
  const event = {
    version: '2.0',
    routeKey: 'POST /api/login',
    rawPath: '/api/login',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/login', sourceIp }, requestId: randomUUID() },
  } as unknown as APIGatewayProxyEventV2;
  const result = await handler(event);
  return result.statusCode ?? 0;
}

describe('per-client sign-in limits aggregate IPv6 by /64', () => {
  it('30 guesses from 30 addresses of one /64 are refused after the per-client budget', async () => {
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:42`;
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      statuses.push(await loginFrom(`${net}::${i.toString(16)}`, `spray-${randomUUID()}@example.test`));
    }
    const refused = statuses.filter((s) => s === 429).length;
    console.info(`item 2 (IPv6): 30 guesses from one /64 -> ${refused} refused with 429`);
    expect(statuses.slice(0, CLIENT_MAX_FAILURES).every((s) => s === 401)).toBe(true);
    expect(refused).toBe(30 - CLIENT_MAX_FAILURES);

    // Another /64 is another client: its first guess is answered normally.
    expect(await loginFrom('2001:db8:ffff:1::1', `spray-${randomUUID()}@example.test`)).toBe(401);
  });
});
