/**
 * The accounts rules: sign-up, sign-in (with throttling), Google sign-in, password reset and the
 * admin's own profile. Free of HTTP and AWS: storage and mail come in through the ports, and the
 * HTTP layer turns the returned users into tokens and responses.
 */
import { randomUUID } from 'node:crypto';
import type { AdminProfileUpdateInput, SignupInput } from '../../../shared/schemas/accounts';
import { RESET_LINK_INVALID } from '../../../shared/schemas/accounts';
import { getConfig } from '../../config';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import { type EnsureUserInput, ensureUser } from './ensure-user';
import { requireGoogleSettings, verifyGoogleIdToken } from './google-id-token';
import { createLoginThrottle } from './login-throttle';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import type { Log, LoginAttemptsStore, Mailer, ResetTokenStore, UsersRepository } from './ports';
import { createResetToken, hashResetToken } from './reset-token';
import type { User } from './user';

export const INCORRECT_CREDENTIALS = 'Incorrect email or password';
export const ADMIN_REQUIRED = 'Admin access required';
export const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

export interface UsersServiceDeps {
  users: UsersRepository;
  loginAttempts: LoginAttemptsStore;
  resetTokens: ResetTokenStore;
  mailer: Mailer;
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function resetMail(to: string, fullName: string, link: string, validMinutes: number) {
  const greeting = fullName ? `Hello ${fullName},` : 'Hello,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your Dental App Marketplace account.',
    `Open this link to choose a new password (valid for ${validMinutes} minutes, usable once):`,
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>We received a request to reset the password of your Dental App Marketplace account.</p>',
    `<p><a href="${escapeHtml(link)}">Choose a new password</a> (valid for ${validMinutes} minutes, usable once).</p>`,
    '<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>',
  ].join('\n');
  return { to, subject: 'Reset your Dental App Marketplace password', text, html };
}

export function createUsersService(deps: UsersServiceDeps) {
  const { users, loginAttempts, resetTokens, mailer } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const throttle = createLoginThrottle(
    loginAttempts,
    () => ({ maxFailures: getConfig().LOGIN_MAX_FAILURES, lockSeconds: getConfig().LOGIN_LOCK_SECONDS }),
    nowSeconds,
  );

  /** Checks a password sign-in; every failure looks the same from outside. */
  async function authenticate(email: string, password: string): Promise<User> {
    const failureWindow = await throttle.assertNotLocked(email);
    const found = await users.findCredentials(email);
    const valid = found?.passwordHash
      ? await verifyPassword(password, found.passwordHash)
      : await verifyAgainstDummy(password);
    if (!found || !valid) {
      await throttle.recordFailure(email);
      throw new UnauthorizedError(INCORRECT_CREDENTIALS);
    }
    if (failureWindow) await throttle.reset(email);
    if (found.passwordHash && needsRehash(found.passwordHash)) {
      await users.setPasswordHash(found.user.id, await hashPassword(password));
    }
    return found.user;
  }

  return {
    /** New developer account, pending approval (spec section 4). Throws EmailTakenError (409). */
    async register(input: SignupInput): Promise<User> {
      const user: User = {
        id: randomUUID(),
        email: input.email,
        full_name: input.full_name,
        company_name: input.company_name,
        website: input.website,
        role: 'developer',
        is_approved: false,
        created_at: now().toISOString(),
        auth_provider: 'password',
      };
      await users.create(user, await hashPassword(input.password));
      log.info('user registered', { userId: user.id });
      return user;
    },

    /** POST /api/login: any role may sign in here. */
    login: authenticate,

    /**
     * POST /api/admin-login: the same check as /api/login. A developer's valid credentials sign the
     * developer in (role developer) and the admin form sends them to /dashboard (spec section 4).
     */
    adminLogin: authenticate,

    /** Throws 503 when Google sign-in is not configured; call before reading the request. */
    assertGoogleConfigured(): void {
      requireGoogleSettings();
    },

    /**
     * Signs in with a Google ID token. An existing account with the verified address is used as
     * it is; otherwise a developer account (pending approval, no password) is created.
     */
    async googleLogin(idToken: string): Promise<{ user: User; created: boolean }> {
      const identity = await verifyGoogleIdToken(idToken, requireGoogleSettings());
      const result = await ensureUser(
        {
          email: identity.email,
          password: null,
          full_name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
          company_name: '',
          role: 'developer',
          is_approved: false,
          auth_provider: 'google',
        },
        users,
      );
      if (result.created) log.info('user registered with google', { userId: result.user.id });
      return result;
    },

    /**
     * Sends a reset link when the address has an account. Says nothing either way: unknown
     * addresses and mail failures look exactly like success to the caller.
     */
    async forgotPassword(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const cfg = getConfig();
      const { token, tokenHash } = createResetToken();
      await resetTokens.save({ tokenHash, userId: user.id, expiresAt: nowSeconds() + cfg.RESET_TOKEN_TTL_SECONDS });
      const link = `${cfg.APP_URL.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
      try {
        await mailer.sendMail(
          resetMail(user.email, user.full_name, link, Math.round(cfg.RESET_TOKEN_TTL_SECONDS / 60)),
        );
      } catch (err) {
        log.error('password reset mail failed', {
          userId: user.id,
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
    },

    /** Sets a new password with a single-use reset token; also lifts any sign-in lock. */
    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = hashResetToken(token);
      const stored = await resetTokens.find(tokenHash);
      if (!stored || stored.expiresAt <= nowSeconds()) throw new ValidationError(RESET_LINK_INVALID);
      const user = await users.findById(stored.userId);
      if (!user) throw new ValidationError(RESET_LINK_INVALID);
      const redeemed = await resetTokens.redeem(tokenHash, user.id, await hashPassword(password), nowSeconds());
      if (!redeemed) throw new ValidationError(RESET_LINK_INVALID);
      await throttle.reset(user.email);
      log.info('password reset', { userId: user.id });
    },

    /** The signed-in account; 401 when it has been removed since the token was issued. */
    async getProfile(userId: string): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError(ACCOUNT_GONE);
      return user;
    },

    /** PUT /api/admin/profile: name, address (unique) and, when given, a new password. */
    async updateAdminProfile(userId: string, input: AdminProfileUpdateInput): Promise<User> {
      const current = await users.findById(userId);
      if (!current) throw new UnauthorizedError(ACCOUNT_GONE);
      if (current.role !== 'admin') throw new ForbiddenError(ADMIN_REQUIRED);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const updated = await users.updateProfile(
        current,
        { full_name: input.full_name, email: input.email },
        passwordHash,
      );
      if (!updated) throw new UnauthorizedError(ACCOUNT_GONE);
      if (updated.email !== current.email) log.info('admin e-mail changed', { userId });
      return updated;
    },

    ensureUser: (input: EnsureUserInput) => ensureUser(input, users),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
