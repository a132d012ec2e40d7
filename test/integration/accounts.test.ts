/**
 * The accounts API over HTTP against DynamoDB Local and the SES emulator: sign-up, sign-in and
 * its throttle, password reset by e-mail, Google sign-in, profiles. Other suites share the
 * database, so every test uses fresh addresses and its own admin account.
 */

import { MSG } from '@shared/messages';
import {
  ADMIN_PROFILE_REQUIRED,
  EMAIL_TAKEN,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  WEBSITE_INVALID,
} from '@shared/schemas/accounts';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { dynamoUsersRepository, dynamoUsersStores } from '../../functions/adapters/dynamodb/users-repo';
import { sesMailer } from '../../functions/adapters/mailer';
import { resetConfigForTests } from '../../functions/config';
import { UnauthorizedError } from '../../functions/core/errors';
import { ensureUser } from '../../functions/core/users/ensure-user';
import { GOOGLE_NOT_CONFIGURED, GOOGLE_TOKEN_INVALID } from '../../functions/core/users/google-id-token';
import { createUsersService } from '../../functions/core/users/users-service';
import { signAccessToken } from '../../functions/http/auth';
import { passwords, usersSettings } from '../../functions/wiring/accounts';
import { rateLimiter } from '../../functions/wiring/rate-limits';
import { secondAdmin } from '../support/admins';
import { api, type LoginAnswer, mailsTo, newDeveloper, uniqueEmail } from '../support/api';
import { TEST_ADMIN } from '../support/constants';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';
import { type Receiver, startServer } from '../support/receiver';

const PASSWORD = 'secret123';

async function register(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('acct');
  const body = { full_name: 'Dr. Test', email, password: PASSWORD, company_name: 'Test Dental', ...overrides };
  return { email: (body.email as string) ?? email, res: await api('POST', '/api/register', { body }) };
}

const login = (email: string, password: string, path = '/api/login') =>
  api<LoginAnswer>('POST', path, { body: { email, password } });

/** Mails in the SES emulator's store for an address (reads the body wherever the store keeps it). */
async function mailBodies(address: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  const res = await fetch(`${inject('mailViewerUrl')}/store`);
  const store = (await res.json()) as {
    emails: Array<{
      subject: string;
      text?: string;
      html?: string;
      body?: { text?: string; html?: string };
      destination: { to: string[] };
    }>;
  };
  return store.emails
    .filter((m) => m.destination.to.some((t) => t.toLowerCase() === address.toLowerCase()))
    .map((m) => ({ subject: m.subject, text: m.body?.text ?? m.text ?? '', html: m.body?.html ?? m.html ?? '' }));
}

/** The token of the newest mail to `address`, once it is a reset mail (vi.waitFor, 10 s). */
function resetTokenFromMail(address: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const last = (await mailBodies(address)).at(-1);
      const token = last && /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last.text)?.[1];
      if (!token) throw new Error(`no reset mail for ${address} within 10 s (newest: ${last?.subject ?? 'none'})`);
      return token;
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('GET /api/config', () => {
  it('tells the SPA what is configured, without secrets', async () => {
    const res = await api('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ google_client_id: null, stripe_enabled: false, stripe_publishable_key: null });
  });
});

describe('POST /api/register', () => {
  it('creates a pending developer account with a normalised address', async () => {
    const raw = `  ${uniqueEmail('New').toUpperCase()} `;
    const { res } = await register({ email: raw, website: 'https://practice.example.com' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Registration successful! Your account is pending admin approval.');
    expect(typeof res.body.id).toBe('string');
    expect(JSON.stringify(res.body)).not.toContain('password');

    const signIn = await login(raw.trim().toLowerCase(), PASSWORD);
    expect(signIn.status).toBe(200);
    const profile = await api('GET', '/api/user/profile', { token: signIn.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id: res.body.id,
      email: raw.trim().toLowerCase(),
      full_name: 'Dr. Test',
      company_name: 'Test Dental',
      website: 'https://practice.example.com',
      role: 'developer',
      is_approved: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // A verification link was mailed; the account works before it is followed.
      email_verified: false,
    });
    const mails = await mailsTo(raw.trim().toLowerCase());
    expect(mails.map((m) => m.subject)).toEqual(['Verify your Dental App Marketplace email address']);
  });

  it.each([
    ['no full name', { full_name: undefined }, MSG.allRequired],
    ['a blank full name', { full_name: '   ' }, MSG.allRequired],
    ['no email', { email: undefined }, MSG.allRequired],
    ['no password', { password: undefined }, MSG.allRequired],
    ['no company name', { company_name: '' }, MSG.allRequired],
    ['an email without @', { email: 'dentist.example.com' }, MSG.invalidEmail],
    ['a 5-character password', { password: '12345' }, MSG.passwordTooShort],
    ['a website that is not a URL', { website: 'not a url' }, WEBSITE_INVALID],
    ['a website without http(s)', { website: 'ftp://files.example.com' }, WEBSITE_INVALID],
  ])('refuses %s with 400 and the spec message', async (_what, overrides, detail) => {
    const { email, res } = await register(overrides);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
    if (typeof email === 'string' && email.includes('@')) expect((await login(email, PASSWORD)).status).toBe(401);
  });

  it('accepts a blank website as none', async () => {
    const { res } = await register({ website: '' });
    expect(res.status).toBe(201);
  });

  it('refuses a second account for the same address in any case or spacing', async () => {
    const { email, res } = await register();
    expect(res.status).toBe(201);
    for (const variant of [
      email,
      email.toUpperCase(),
      `  ${email} `,
      `\t${email.replace(/^./, (c) => c.toUpperCase())}`,
    ]) {
      const again = await api('POST', '/api/register', {
        body: { full_name: 'Someone Else', email: variant, password: 'another1', company_name: 'Other' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: EMAIL_TAKEN });
    }
    // The first account is untouched.
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(email, 'another1')).status).toBe(401);
  });

  it('creates exactly one account when the same address signs up twice at once', async () => {
    const email = uniqueEmail('race');
    const body = { full_name: 'Racer', email, password: PASSWORD, company_name: 'Race Co' };
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/api/register', { body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('answers 400 (not 500) to a body that is not JSON or not an object', async () => {
    const notJson = await api('POST', '/api/register', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.detail).toBe('string');
    const notObject = await api('POST', '/api/register', { body: ['x'] });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual({ detail: MSG.allRequired });
  });
});

describe('POST /api/login and /api/admin-login', () => {
  it('signs a developer in with a bearer token and the role', async () => {
    const { email } = await register();
    const res = await login(` ${email.toUpperCase()} `, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), role: 'developer', token_type: 'bearer' });
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await register();
    const wrong = await login(email, 'wrong-password');
    const unknown = await login(uniqueEmail('nobody'), PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Incorrect email or password' });
    }
  });

  it.each([
    ['/api/login', {}],
    ['/api/login', { email: 'a@b.co' }],
    ['/api/admin-login', { password: 'x' }],
    ['/api/admin-login', { email: '  ', password: 'x' }],
  ])('%s asks for both fields: %j', async (path, body) => {
    const res = await api('POST', path, { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.fillEmailAndPassword });
  });

  it('lets admins and developers sign in on both forms; each session carries its own role', async () => {
    const asAdmin = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.role).toBe('admin');
    const adminForm = await login(TEST_ADMIN.email, TEST_ADMIN.password, '/api/admin-login');
    expect(adminForm.status).toBe(200);
    expect(adminForm.body).toEqual({ access_token: expect.any(String), role: 'admin', token_type: 'bearer' });

    const { email } = await register();
    // Spec section 4: admin login goes to /dashboard for a non-admin, so the developer is signed in.
    const devOnAdminForm = await login(email, PASSWORD, '/api/admin-login');
    expect(devOnAdminForm.status).toBe(200);
    expect(devOnAdminForm.body).toEqual({ access_token: expect.any(String), role: 'developer', token_type: 'bearer' });
    const profile = await api('GET', '/api/user/profile', { token: devOnAdminForm.body.access_token });
    expect(profile.body.email).toBe(email);
    const adminArea = await api('GET', '/api/admin/users', { token: devOnAdminForm.body.access_token });
    expect(adminArea.status).toBe(403);
    const wrongOnAdminForm = await login(email, 'wrong-password', '/api/admin-login');
    expect(wrongOnAdminForm.status).toBe(401);
    expect(wrongOnAdminForm.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('locks an address after 5 failures: the 6th attempt gets 429 with Retry-After, even with the right password', async () => {
    const { email } = await register();
    for (let i = 0; i < 5; i++) {
      const res = await login(email, `wrong-${i}`);
      expect(res.status).toBe(401);
    }
    const sixth = await login(email, PASSWORD);
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    // The admin form shares the counter; other addresses are not affected.
    expect((await login(email, PASSWORD, '/api/admin-login')).status).toBe(429);
    const other = await register();
    expect((await login(other.email, PASSWORD)).status).toBe(200);
  });

  it('throttles unknown addresses the same way (no hint that an account exists)', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await login(email, 'nope-nope')).status).toBe(401);
    expect((await login(email, 'nope-nope')).status).toBe(429);
  });

  it('starts counting again after a successful sign-in', async () => {
    const { email } = await register();
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const res = await api('POST', '/api/forgot-password', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.forgotSuccess });
    // Whatever the request queued (a mail, a retry) has run: only now does "no mail" mean none.
    await queuesIdle();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it.each([[{}], [{ email: '' }], [{ email: 'not-an-address' }]])('validates the address shape: %j', async (body) => {
    const res = await api('POST', '/api/forgot-password', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: MSG.invalidEmail });
  });

  it('mails a single-use link that sets a new password and lifts a sign-in lock', async () => {
    const { email } = await register();
    // Lock the account first: the reset must also clear the failed-login counter.
    for (let i = 0; i < 5; i++) await login(email, 'wrong-password');
    expect((await login(email, PASSWORD)).status).toBe(429);

    const res = await api('POST', '/api/forgot-password', { body: { email: ` ${email.toUpperCase()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.forgotSuccess });
    // Sign-up sent the verification mail; the reset mail comes on its own.
    const mails = (await mailsTo(email)).filter((m) => /reset/i.test(m.subject));
    expect(mails).toHaveLength(1);
    const token = await resetTokenFromMail(email);
    const mail = (await mailBodies(email)).find((m) => /reset/i.test(m.subject));
    expect(mail?.text).toContain(`${inject('stackEnv').APP_URL}/reset-password?token=${token}`);
    expect(mail?.html).toContain('/reset-password?token=');

    const short = await api('POST', '/api/reset-password', { body: { token, password: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ detail: MSG.passwordTooShort });

    const reset = await api('POST', '/api/reset-password', { body: { token, password: 'brand-new-pw' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: PASSWORD_RESET_DONE });

    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'brand-new-pw')).status).toBe(200);

    const reused = await api('POST', '/api/reset-password', { body: { token, password: 'third-password' } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: RESET_LINK_INVALID });
    expect((await login(email, 'brand-new-pw')).status).toBe(200);
  });

  it('refuses unknown and missing tokens', async () => {
    for (const body of [{ token: 'made-up-token', password: 'whatever1' }, { password: 'whatever1' }]) {
      const res = await api('POST', '/api/reset-password', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: RESET_LINK_INVALID });
    }
  });

  it('lets exactly one of two simultaneous uses of a link succeed', async () => {
    const { email } = await register();
    await api('POST', '/api/forgot-password', { body: { email } });
    const token = await resetTokenFromMail(email);
    const results = await Promise.all(
      ['first-pass1', 'second-pass2'].map((password) =>
        api('POST', '/api/reset-password', { body: { token, password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/google-login', () => {
  it('answers 503 when Google sign-in is not configured', async () => {
    for (const body of [{ token: 'anything' }, {}]) {
      const res = await api('POST', '/api/google-login', { body });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: GOOGLE_NOT_CONFIGURED });
    }
  });

  describe('with a client id (the service in this worker, against a local stand-in for Google)', () => {
    const CLIENT_ID = 'dental-test.apps.googleusercontent.com';
    let jwks: Receiver;
    let googleKey: CryptoKey;
    let strangerKey: CryptoKey;
    const saved = { ...process.env };
    const service = createUsersService({
      ...dynamoUsersStores,
      limiter: rateLimiter,
      mailer: sesMailer,
      passwords,
      refuseBreached: () => undefined,
      settings: usersSettings,
    });

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256');
      googleKey = pair.privateKey;
      strangerKey = (await generateKeyPair('RS256')).privateKey;
      const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'g1', alg: 'RS256', use: 'sig' };
      jwks = await startServer((_req, _body, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: [jwk] }));
      }, '/oauth2/v3/certs');
      process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
      process.env.GOOGLE_JWKS_URL = jwks.url;
      delete process.env.GOOGLE_ISSUERS;
      resetConfigForTests();
    });

    afterAll(async () => {
      for (const key of ['GOOGLE_CLIENT_ID', 'GOOGLE_JWKS_URL', 'GOOGLE_ISSUERS']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetConfigForTests();
      await jwks.close();
    });

    const idToken = (email: string, opts: { aud?: string; iss?: string; key?: CryptoKey; name?: string } = {}) =>
      new SignJWT({ email, email_verified: true, name: opts.name ?? 'Grace Google' })
        .setProtectedHeader({ alg: 'RS256', kid: 'g1' })
        .setSubject(`google-${email}`)
        .setAudience(opts.aud ?? CLIENT_ID)
        .setIssuer(opts.iss ?? 'https://accounts.google.com')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(opts.key ?? googleKey);

    it('creates a pending developer account on first sign-in and reuses it afterwards', async () => {
      const email = uniqueEmail('google');
      const first = await service.googleLogin(await idToken(email.toUpperCase()));
      expect(first.created).toBe(true);
      expect(first.user).toMatchObject({
        email,
        full_name: 'Grace Google',
        role: 'developer',
        is_approved: false,
        auth_provider: 'google',
      });
      const again = await service.googleLogin(await idToken(email));
      expect(again).toEqual({ user: first.user, created: false });

      // The account works over HTTP with the token the route would issue.
      const token = await signAccessToken({ userId: first.user.id, email, role: 'developer' });
      const profile = await api('GET', '/api/user/profile', { token });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ id: first.user.id, email, role: 'developer', is_approved: false });

      // It has no password: password sign-in fails, but "forgot password" can give it one.
      expect((await login(email, PASSWORD)).status).toBe(401);
      await api('POST', '/api/forgot-password', { body: { email } });
      const resetToken = await resetTokenFromMail(email);
      expect(
        (await api('POST', '/api/reset-password', { body: { token: resetToken, password: PASSWORD } })).status,
      ).toBe(200);
      expect((await login(email, PASSWORD)).status).toBe(200);
    });

    it('signs an existing password account in as itself once its address is verified', async () => {
      const { email, res } = await register();
      const unverified = await service.googleLogin(await idToken(email)).catch((e: unknown) => e);
      expect((unverified as Error).message).toBe(MSG.googleNeedsVerifiedEmail);
      const link = (await mailBodies(email)).map((m) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]);
      const token = link.find(Boolean) as string;
      expect((await api('POST', '/api/verify-email', { body: { token } })).status).toBe(200);
      const { user, created } = await service.googleLogin(await idToken(email));
      expect(created).toBe(false);
      expect(user.id).toBe(res.body.id);
      expect(user.auth_provider).toBe('password');
      expect(user.email_verified).toBe(true);
    });

    it.each([
      ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
      ['another issuer', { iss: 'https://login.example.com' }],
      ['a key Google does not publish', { stranger: true }],
    ] as Array<[string, { aud?: string; iss?: string; stranger?: boolean }]>)(
      'refuses a token with %s',
      async (_what, opts) => {
        const email = uniqueEmail('google-bad');
        const token = await idToken(email, {
          aud: opts.aud,
          iss: opts.iss,
          key: opts.stranger ? strangerKey : undefined,
        });
        const err = await service.googleLogin(token).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(UnauthorizedError);
        expect((err as UnauthorizedError).message).toBe(GOOGLE_TOKEN_INVALID);
        expect(await dynamoUsersRepository.findByEmail(email)).toBeUndefined();
      },
    );
  });
});

describe('GET /api/user/profile', () => {
  it('needs a token, and answers 401 once the account no longer exists', async () => {
    expect((await api('GET', '/api/user/profile')).status).toBe(401);
    const ghost = await signAccessToken({ userId: 'no-such-user', email: 'ghost@example.com', role: 'developer' });
    const res = await api('GET', '/api/user/profile', { token: ghost });
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });

  it('works for admins too', async () => {
    const asAdmin = await login(TEST_ADMIN.email, TEST_ADMIN.password, '/api/admin-login');
    const res = await api('GET', '/api/user/profile', { token: asAdmin.body.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect(res.body).not.toHaveProperty('password_hash');
  });
});

describe('GET and PUT /api/admin/profile', () => {
  const adminPassword = 'admin-pass-1';
  let adminEmail: string;
  let token: string;

  beforeAll(async () => {
    adminEmail = uniqueEmail('admin');
    await secondAdmin(adminEmail, adminPassword);
    const res = await login(adminEmail, adminPassword, '/api/admin-login');
    expect(res.status).toBe(200);
    token = must(res.body.access_token, 'the second admin token');
  });

  const put = (body: unknown) => api('PUT', '/api/admin/profile', { token, body });

  it('reads the name and address, and only for admins', async () => {
    const res = await api('GET', '/api/admin/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ full_name: 'Second Admin', email: adminEmail });
    const dev = await newDeveloper();
    expect((await api('GET', '/api/admin/profile', { token: dev.token })).status).toBe(403);
    expect((await api('PUT', '/api/admin/profile', { token: dev.token, body: {} })).status).toBe(403);
  });

  it.each([
    [{ email: 'x@example.com' }, ADMIN_PROFILE_REQUIRED],
    [{ full_name: 'Name Only' }, ADMIN_PROFILE_REQUIRED],
    [{ full_name: ' ', email: ' ' }, ADMIN_PROFILE_REQUIRED],
    [{ full_name: 'A', email: 'no-at-sign' }, MSG.invalidEmail],
    [{ full_name: 'A', email: 'a@example.com', password: '123' }, MSG.passwordTooShort],
  ])('refuses %j and changes nothing', async (body, detail) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
    expect((await api('GET', '/api/admin/profile', { token })).body.email).toBe(adminEmail);
  });

  it("refuses another account's address with 409 and changes nothing", async () => {
    const dev = await newDeveloper();
    const res = await put({ full_name: 'Taken', email: dev.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: EMAIL_TAKEN });
    expect((await api('GET', '/api/admin/profile', { token })).body).toEqual({
      full_name: 'Second Admin',
      email: adminEmail,
    });
    expect((await login(dev.email, dev.password)).status).toBe(200);
  });

  it('updates name and address (keeping the password when blank), then the password', async () => {
    const newEmail = uniqueEmail('admin-moved');
    const res = await put({ full_name: '  Renamed Admin ', email: ` ${newEmail.toUpperCase()} `, password: '' });
    expect(res.status).toBe(200);
    // A new address ends every session (issue 30 finding 7): the answer carries the new one.
    expect(res.body).toEqual({
      message: MSG.profileUpdated,
      full_name: 'Renamed Admin',
      email: newEmail,
      access_token: expect.any(String),
    });
    expect((await api('GET', '/api/admin/profile', { token })).status).toBe(401);
    token = must((res.body as { access_token?: string }).access_token, 'the new session');
    expect((await api('GET', '/api/admin/profile', { token })).body).toEqual({
      full_name: 'Renamed Admin',
      email: newEmail,
    });

    // The password is kept, the new address signs in, and the old address is free again.
    expect((await login(newEmail, adminPassword, '/api/admin-login')).status).toBe(200);
    expect((await login(adminEmail, adminPassword, '/api/admin-login')).status).toBe(401);
    const reuse = await api('POST', '/api/register', {
      body: { full_name: 'New Owner', email: adminEmail, password: PASSWORD, company_name: 'Co' },
    });
    expect(reuse.status).toBe(201);

    // Absent password keeps it too; a given password replaces it.
    expect((await put({ full_name: 'Renamed Admin', email: newEmail })).status).toBe(200);
    expect((await login(newEmail, adminPassword, '/api/admin-login')).status).toBe(200);
    const changed = await put({ full_name: 'Renamed Admin', email: newEmail, password: 'fresh-admin-pw' });
    expect(changed.status).toBe(200);
    token = must((changed.body as { access_token?: string }).access_token, 'the session after the new password');
    expect((await login(newEmail, adminPassword, '/api/admin-login')).status).toBe(401);
    expect((await login(newEmail, 'fresh-admin-pw', '/api/admin-login')).status).toBe(200);
  });
});

describe('ensureUser (used by seeds and guest checkout)', () => {
  it('creates once and then returns the existing account untouched', async () => {
    const email = uniqueEmail('ensure');
    const input = {
      email,
      password: 'first-password',
      full_name: 'Ensured',
      company_name: 'Ensure Co',
      role: 'developer' as const,
      is_approved: true,
    };
    const first = await ensureUser(input, dynamoUsersRepository, passwords);
    expect(first.created).toBe(true);
    const second = await ensureUser(
      { ...input, email: email.toUpperCase(), password: 'other-password' },
      dynamoUsersRepository,
      passwords,
    );
    expect(second).toEqual({ user: first.user, created: false });
    expect((await login(email, 'first-password')).status).toBe(200);
    expect((await login(email, 'other-password')).status).toBe(401);
  });

  it('seeded the approved demo developers with their fixed ids', async () => {
    const user = await dynamoUsersRepository.findById('demo-dev-brightsmile');
    expect(user).toMatchObject({ email: 'dr.chen@brightsmile.dev', role: 'developer', is_approved: true });
    expect((await login('dr.chen@brightsmile.dev', 'demo1234')).status).toBe(200);
  });
});
