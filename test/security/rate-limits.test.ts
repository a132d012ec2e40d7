/**
 * Guest checkout, forgot password, register and both logins had no limit per
 * client. Each now answers 429 with a `detail` and Retry-After once one client exceeds its budget,
 * while another client is still served.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { uniqueAddress } from './support/accounts';
import { type Answer, callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();
afterEach(() => setRateLimitClockForTests());

/** Sends `make(i)` from one client until it is refused or `max` calls were made. */
async function flood(from: string, max: number, make: (i: number) => { path: string; body: unknown }) {
  const answers: Answer[] = [];
  for (let i = 0; i < max; i++) {
    const { path, body } = make(i);
    const res = await callFrom(server.url, from, 'POST', path, { body });
    answers.push(res);
    if (res.status === 429) break;
  }
  return answers;
}

function expectRefusedAfter(answers: Answer[], allowed: number) {
  const last = answers.at(-1) as Answer;
  expect(last.status, `after ${answers.length} calls`).toBe(429);
  expect(answers.length).toBe(allowed + 1);
  expect(typeof last.body.detail).toBe('string');
  expect(String(last.body.detail).length).toBeGreaterThan(10);
  expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-client rate limits (item 9)', () => {
  it('register: 10 sign-ups an hour per client', async () => {
    // On a fake clock: the hour is the server's, moved by the test, not waited for.
    let now = Date.now();
    setRateLimitClockForTests(() => now);
    const client = newClient();
    const signUp = () => ({
      path: '/api/register',
      body: { full_name: 'Bulk', email: uniqueAddress('bulk'), password: 'secret123', company_name: 'Bulk Co' },
    });
    const answers = await flood(client, 40, signUp);
    expectRefusedAfter(answers, 10);
    expect(answers.at(-1)?.headers['retry-after']).toBe('3600');
    now += 3_599_000;
    const lastSecond = await flood(client, 1, signUp);
    expect(lastSecond.map((a) => [a.status, a.headers['retry-after']])).toEqual([[429, '1']]);
    now += 1_000;
    expect((await flood(client, 1, signUp)).map((a) => a.status)).toEqual([201]);
    const other = await callFrom(server.url, newClient(), 'POST', '/api/register', {
      body: { full_name: 'Fine', email: uniqueAddress('fine'), password: 'secret123', company_name: 'Fine Co' },
    });
    expect(other.status).toBe(201);
  });

  it('login and admin login: 20 failed attempts per client, across addresses', async () => {
    const client = newClient();
    const answers = await flood(client, 60, (i) => ({
      path: i % 2 ? '/api/admin-login' : '/api/login',
      body: { email: uniqueAddress('spray'), password: 'Summer2026!' },
    }));
    expectRefusedAfter(answers, 20);
    expect(answers.slice(0, -1).every((a) => a.status === 401)).toBe(true);
    const other = await callFrom(server.url, newClient(), 'POST', '/api/login', {
      body: { email: uniqueAddress('spray'), password: 'Summer2026!' },
    });
    expect(other.status).toBe(401);
  });

  it('forgot password: 10 requests an hour per client', async () => {
    const answers = await flood(newClient(), 40, () => ({
      path: '/api/forgot-password',
      body: { email: uniqueAddress('forgot') },
    }));
    expectRefusedAfter(answers, 10);
  });

  it('guest checkout: 20 requests an hour per client', async () => {
    const answers = await flood(newClient(), 60, () => ({
      path: '/api/stripe/create-guest-checkout-session',
      body: { app_id: 'no-such-app', email: uniqueAddress('guest') },
    }));
    expectRefusedAfter(answers, 20);
  });
});
