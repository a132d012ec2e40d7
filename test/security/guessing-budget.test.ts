/**
 * Issue 30, finding 2 (medium), the guessing budget: after repeated failures the mailed sign-in
 * link was offered but never required. Once the one-minute per-address back-off ended, password
 * guesses resumed: 10 a minute, about 14,400 a day against one account, and the right one signed in.
 * Now every address has a daily budget of failed password checks from browsers it does not know
 * (LOGIN_ADDRESS_MAX_FAILURES_PER_DAY, 50; 12 here). Past it the password alone signs nobody in, on
 * either form: the right password gets exactly the answer a wrong one gets, which asks for the
 * mailed link. The link always works (never a permanent lock) and makes that browser a known
 * device; a password reset starts the budget afresh.
 */
import { SIGN_IN_LINK_REQUIRED } from '@shared/schemas/accounts';
import { afterEach, expect, it } from 'vitest';
import { INCORRECT_CREDENTIALS } from '../../functions/core/users/users-service';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
import { type Answer, callFrom, newClient, ownServer } from './support/own-server';

const BUDGET = 12;
const server = ownServer({ LOGIN_ADDRESS_MAX_FAILURES_PER_DAY: String(BUDGET) });
afterEach(() => setRateLimitClockForTests());

const cookieOf = (answer: Answer) =>
  ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .join('\n')
    .split(';')[0] ?? '';

it('past the daily budget the right password is refused like a wrong one; the mailed link and a reset let the owner in', async () => {
  const owner = await registerDeveloper(server.url);
  // The server's rate limits on a clock that moves only when the test moves it.
  let now = Date.now();
  setRateLimitClockForTests(() => now);

  // The attacker: 10 parallel guesses a minute (the per-address back-off's pace), each from a fresh
  // client, for 6 minutes. Only the budget's worth of passwords is ever checked.
  const answers: Answer[] = [];
  for (let minute = 0; minute < 6; minute++) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(server.url, owner.email, `guess-${minute}-${i}`, newClient())),
      )),
    );
    now += 60_000;
  }
  const checked = answers.filter((a) => a.status === 401);
  console.info(`item 2: 60 guesses over 6 minutes -> ${checked.length} password checks (budget ${BUDGET} a day)`);
  expect(checked).toHaveLength(BUDGET);
  expect(checked.every((a) => a.body.detail === INCORRECT_CREDENTIALS)).toBe(true);
  const refused = answers.filter((a) => a.status === 429);
  expect(refused).toHaveLength(60 - BUDGET);
  expect(refused.map((a) => a.body.detail)).toEqual(refused.map(() => SIGN_IN_LINK_REQUIRED));

  // The right password, at the same instant as a wrong one, gets the same answer on both forms.
  const wrong = await signIn(server.url, owner.email, 'yet-another-guess', newClient());
  const right = await signIn(server.url, owner.email, owner.password, newClient());
  const rightAdmin = await callFrom(server.url, newClient(), 'POST', '/api/admin-login', {
    body: { email: owner.email, password: owner.password },
  });
  for (const answer of [right, rightAdmin]) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(429);
    expect(answer.body).toEqual(wrong.body);
    expect(answer.headers['retry-after']).toBe(wrong.headers['retry-after']);
    expect(answer.body.access_token).toBeUndefined();
  }
  expect(wrong.body.detail).toBe(SIGN_IN_LINK_REQUIRED);
  // Waiting out the back-off and the lock does not help within the day.
  now += 23 * 3600_000;
  expect((await signIn(server.url, owner.email, owner.password, newClient())).body.detail).toBe(SIGN_IN_LINK_REQUIRED);

  // The mailed link always works, and the browser that follows it is known from then on.
  const desk = newClient();
  const asked = await callFrom(server.url, desk, 'POST', '/api/login/email-link', { body: { email: owner.email } });
  expect(asked.status).toBe(200);
  const [token] = await linkTokens(owner.email, 'login/link');
  expect(token).toBeTruthy();
  const viaLink = await callFrom(server.url, desk, 'POST', '/api/login/link', { body: { token } });
  expect(viaLink.status, JSON.stringify(viaLink.body)).toBe(200);
  expect(viaLink.body.access_token).toBeTruthy();
  const cookie = cookieOf(viaLink);
  expect(cookie).toMatch(/^dm_device=/);
  const withCookie = await callFrom(server.url, desk, 'POST', '/api/login', {
    body: { email: owner.email, password: owner.password },
    headers: { cookie },
  });
  expect(withCookie.status, JSON.stringify(withCookie.body)).toBe(200);
  // The link gave the attacker no fresh guesses: a browser without the cookie is still refused.
  const stranger = await signIn(server.url, owner.email, 'after-the-link', newClient());
  expect(stranger.status).toBe(429);
  expect(stranger.body.detail).toBe(SIGN_IN_LINK_REQUIRED);

  // A password reset starts the budget afresh: the new password signs in from any browser.
  await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
  const [reset] = await linkTokens(owner.email, 'reset-password');
  const done = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
    body: { token: reset, password: 'brand-new-pass-3' },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const afterReset = await signIn(server.url, owner.email, 'brand-new-pass-3', newClient());
  expect(afterReset.status, JSON.stringify(afterReset.body)).toBe(200);
});

it('the budget is a day long: the next day the password is checked again', async () => {
  const owner = await registerDeveloper(server.url);
  let now = Date.now();
  setRateLimitClockForTests(() => now);
  for (let i = 0; i < BUDGET; i++) {
    expect((await signIn(server.url, owner.email, `guess-${i}`, newClient())).status).toBe(401);
    now += 7_000;
  }
  expect((await signIn(server.url, owner.email, owner.password, newClient())).body.detail).toBe(SIGN_IN_LINK_REQUIRED);
  now += 24 * 3600_000;
  const nextDay = await signIn(server.url, owner.email, owner.password, newClient());
  expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(200);
});
