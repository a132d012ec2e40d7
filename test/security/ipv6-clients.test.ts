/**
 * Issue 30, finding 2 (medium), the IPv6 part: per-client limits keyed on the whole address, so a
 * client with an IPv6 /64 (what one subscriber is routinely given) took a fresh address for every
 * guess and was never counted twice. Here 30 wrong passwords for 30 addresses (password spraying)
 * come from 30 addresses of one /64: the per-client failure budget (LOGIN_CLIENT_MAX_FAILURES, 20 by
 * default) must stop them as it stops one address. The same holds for the other per-client limits
 * that were still keyed on the whole address: sign-ups through a guest's claim link (which share the
 * sign-up counter) and reviews per client per day. The handlers are called in this process with the
 * sourceIp API Gateway would report, since loopback has a single IPv6 address.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import { REVIEW_MESSAGES } from '@shared/schemas/reviews';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { approvedDeveloper } from '../support/api';
import { apiGatewayEvent } from '../support/api-gateway-event';
import { licensedPractice } from './support/accounts';

const CLIENT_MAX_FAILURES = 20;

beforeAll(async () => {
  // The shared test stack relaxes these per-client budgets; this file needs small ones.
  delete process.env.LOGIN_CLIENT_MAX_FAILURES;
  process.env.RATE_LIMIT_REGISTER_PER_CLIENT = '1';
  process.env.REVIEWS_PER_CLIENT_PER_DAY = '1';
  (await import('../../functions/config')).resetConfigForTests();
});

/** A fresh /64 for each use ("2001:db8:<random>:<n>"), so earlier runs' counters do not matter. */
const freshNetwork = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${randomUUID().slice(0, 4)}`;

interface Call {
  group: 'accounts' | 'purchases';
  routeKey: string;
  path: string;
  sourceIp: string;
  body: unknown;
  token?: string;
  pathParameters?: Record<string, string>;
}

/** One API Gateway event for `call`, answered by its group's handler in this process. */
async function callFrom(call: Call): Promise<{ status: number; body: { detail?: string }; retryAfter: number }> {
  const { handler } =
    call.group === 'accounts'
      ? await import('../../functions/accounts/index')
      : await import('../../functions/purchases/index');
  const headers: Record<string, string> = { 'content-type': 'application/json', host: 'localhost' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const result = await handler(apiGatewayEvent({ ...call, headers }));
  return {
    status: result.statusCode ?? 0,
    body: result.body ? JSON.parse(result.body) : {},
    retryAfter: Number(result.headers?.['Retry-After'] ?? result.headers?.['retry-after'] ?? 0),
  };
}

async function loginFrom(sourceIp: string, email: string): Promise<number> {
  const body = { email, password: 'not-the-password-1' };
  return (await callFrom({ group: 'accounts', routeKey: 'POST /api/login', path: '/api/login', sourceIp, body }))
    .status;
}

describe('per-client sign-in limits aggregate IPv6 by /64', () => {
  it('30 guesses from 30 addresses of one /64 are refused after the per-client budget', async () => {
    const net = freshNetwork();
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

describe('the other per-client limits aggregate IPv6 by /64 too', () => {
  it('two addresses of one /64 share the sign-up budget of claim links', async () => {
    const net = freshNetwork();
    const claim = (sourceIp: string) =>
      callFrom({
        group: 'accounts',
        routeKey: 'POST /api/claim-account',
        path: '/api/claim-account',
        sourceIp,
        // The limit is taken before the link is read: a made-up link spends it as a real one would.
        body: {
          token: `made-up-${randomUUID()}`,
          company_name: 'Claim Dental',
          full_name: 'Claimer',
          password: 'a-long-unusual-pass-7',
        },
      });
    const first = await claim(`${net}::1`);
    expect(first.status, JSON.stringify(first.body)).not.toBe(429);
    const second = await claim(`${net}::2`);
    console.info(`item 2 (IPv6): a second claim-link sign-up from the same /64 -> ${second.status}`);
    expect(second.status).toBe(429);
    expect(second.body.detail).toBe(MSG.tooManyRequests(second.retryAfter));
    // Another /64 is another client.
    expect((await claim(`${freshNetwork()}::1`)).status).not.toBe(429);
  });

  it('two addresses of one /64 share the reviews-per-client budget', async () => {
    const owner = await approvedDeveloper();
    const app = await createApp(
      testApp(owner.id, 'ipv6-review-target', { pricing_model: 'free', price_cents: 0, licensing_type: 'manual' }),
    );
    const licensed = (name: string) => licensedPractice(app.id, name);
    const review = (token: string, sourceIp: string) =>
      callFrom({
        group: 'purchases',
        routeKey: 'POST /api/apps/{id}/reviews',
        path: `/api/apps/${app.id}/reviews`,
        pathParameters: { id: app.id },
        sourceIp,
        token,
        body: { rating: 4, title: 'From one network' },
      });
    const net = freshNetwork();
    const first = await licensed('IPv6 Practice One');
    const second = await licensed('IPv6 Practice Two');
    const written = await review(first.token, `${net}::a`);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const refused = await review(second.token, `${net}::b`);
    console.info(`item 2 (IPv6): a second review from the same /64 -> ${refused.status}`);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(REVIEW_MESSAGES.tooManyReviews(refused.retryAfter));
    // Another /64 is another client: the second practice may review from there.
    expect((await review(second.token, `${freshNetwork()}::1`)).status).toBe(201);
  });
});
