/**
 * The accounts rules: sign-up, sign-in (with throttling), Google sign-in, password reset and the
 * admin's own profile. Free of HTTP and AWS: storage and mail come in through the ports, and the
 * HTTP layer turns the returned users into tokens and responses.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import type { AdminProfileUpdateInput, SignupInput, UserProfile } from '@shared/schemas/accounts';
import { RESET_LINK_INVALID, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MINUTES } from '@shared/schemas/accounts';
import { tokenLink } from '@shared/site-paths';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { BreachedPasswordCheck } from './breached-passwords';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, type DeviceTokens, deviceTokenOf } from './device-token';
import { type EnsureUserInput, ensureUser } from './ensure-user';
import { type GoogleSettings, requireGoogleSettings, verifyGoogleIdToken } from './google-id-token';
import { createLoginThrottle, type ThrottleSettings } from './login-throttle';
import type { PasswordHasher } from './password';
import type { Log, Mailer, ResetTokenStore, SignInLinkStore, UsersRepository, VerifyTokenStore } from './ports';
import { createResetToken, hashResetToken } from './reset-token';
import { toUserProfile, type User } from './user';
import { resetMail, signInLinkMail, verifyMail } from './user-mails';

export const INCORRECT_CREDENTIALS = 'Incorrect email or password';
export const ADMIN_REQUIRED = 'Admin access required';
export const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

/** What the configuration decides (wiring/accounts.ts), read at every use. */
export interface UsersSettings {
  /** The site's origin, for the links mailed (no trailing slash needed). */
  appUrl: string;
  verifyTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  /** Sign-ups per client per hour. */
  registerPerClient: number;
  /** Forgot-password requests per client per hour, and reset mails per address per hour. */
  forgotPasswordPerClient: number;
  forgotPasswordMailsPerAddress: number;
  login: ThrottleSettings;
  /** Cookies carry Secure (the cloud; the local runtime is plain http). */
  secureCookies?: boolean;
  /** Google sign-in; undefined when no client id is configured. */
  google: GoogleSettings | undefined;
}

export interface UsersServiceDeps {
  users: UsersRepository;
  resetTokens: ResetTokenStore;
  verifyTokens: VerifyTokenStore;
  /** E-mailed single-use sign-in links: the second proof after repeated failed sign-ins. */
  signInLinks: SignInLinkStore;
  /** Per-client and per-address counters (sign-in throttling, request limits). */
  limiter: RateLimiter;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** Refuses a commonly breached password where one is chosen (wiring: breachedPasswordCheck). */
  refuseBreached: BreachedPasswordCheck;
  settings: () => UsersSettings;
  /**
   * The account's address was just verified: the purchases kept against it start counting as
   * installations (wiring: core/purchases/installations.ts). Optional; a failure is logged.
   */
  onAddressProven?: (user: User) => Promise<void>;
  log?: Log;
  now?: () => Date;
  /** Signed device tokens (device-token.ts); without them every sign-in is from an unknown browser. */
  devices?: DeviceTokens;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

/** The limits of one hour per client, answered with 429 and Retry-After. */
const HOUR = 3600;

export function createUsersService(deps: UsersServiceDeps) {
  const { users, resetTokens, verifyTokens, signInLinks, mailer, limiter, passwords, refuseBreached, settings } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const throttle = createLoginThrottle(limiter, () => settings().login);

  /**
   * Checks a password sign-in from `client`; every failure looks the same from outside. The check
   * is reserved before scrypt runs (see login-throttle.ts) and given back when it succeeds.
   */
  async function authenticate(email: string, password: string, client: string, device?: string): Promise<User> {
    const found = await users.findCredentials(email);
    const deviceId = found ? deps.devices?.deviceOf(device, found.user.id, found.user.token_version) : undefined;
    const ticket = await throttle.reserve(email, client, found?.user.token_version ?? 0, deviceId);
    const valid = found?.passwordHash
      ? await passwords.verify(password, found.passwordHash)
      : await passwords.verifyAgainstDummy(password);
    if (!found || !valid) throw new UnauthorizedError(INCORRECT_CREDENTIALS);
    await ticket.succeeded();
    if (found.passwordHash && passwords.needsRehash(found.passwordHash)) {
      await users.setPasswordHash(found.user.id, await passwords.hash(password));
    }
    return found.user;
  }

  /** Mails a fresh verification link; a mail failure is logged, not shown. */
  async function sendVerification(user: User): Promise<void> {
    const { verifyTokenTtlSeconds } = settings();
    const { token, tokenHash } = createResetToken();
    await verifyTokens.save({
      tokenHash,
      userId: user.id,
      email: user.email,
      expiresAt: nowSeconds() + verifyTokenTtlSeconds,
    });
    const link = tokenLink(settings().appUrl, '/verify-email', token);
    try {
      await mailer.sendMail(verifyMail(user.email, link, Math.round(verifyTokenTtlSeconds / 3600)));
    } catch (err) {
      log.error('verification mail failed', { userId: user.id, error: err instanceof Error ? err.name : 'unknown' });
    }
  }

  return {
    /**
     * New developer account, pending approval (spec section 4), or (account_type practice) a
     * practice account, which needs no approval; either with an unverified address and a
     * verification mail. Throws EmailTakenError (409); 429 past the per-client hourly limit.
     */
    async register(input: SignupInput, client: string): Promise<User> {
      refuseBreached(input.password);
      await limiter.take({
        key: `register:${client}`,
        limit: settings().registerPerClient,
        windowSeconds: HOUR,
        message: MSG.tooManyRequests,
      });
      const user: User = {
        id: randomUUID(),
        email: input.email,
        full_name: input.full_name,
        company_name: input.company_name,
        website: input.website,
        role: input.account_type === 'practice' ? 'practice' : 'developer',
        // A practice needs no approval; a developer waits for one (spec section 4).
        is_approved: input.account_type === 'practice',
        invited: false,
        linked_emails: [],
        created_at: now().toISOString(),
        auth_provider: 'password',
        email_verified: false,
        token_version: 0,
      };
      await users.create(user, await passwords.hash(input.password));
      log.info('user registered', { userId: user.id });
      await sendVerification(user);
      return user;
    },

    /** POST /api/verify-email: follows a mailed verification link (single use). */
    async verifyEmail(token: string): Promise<void> {
      const tokenHash = hashResetToken(token);
      const stored = await verifyTokens.find(tokenHash);
      if (!stored || stored.expiresAt <= nowSeconds()) throw new ValidationError(MSG.verifyLinkInvalid);
      const done = await verifyTokens.redeem(tokenHash, stored.userId, stored.email, nowSeconds());
      if (!done) throw new ValidationError(MSG.verifyLinkInvalid);
      log.info('email verified', { userId: stored.userId });
      const user = deps.onAddressProven ? await users.findById(stored.userId) : undefined;
      if (user) {
        await deps.onAddressProven?.(user).catch((err: Error) => {
          log.error('installations of a verified address not counted', { userId: user.id, error: err.message });
        });
      }
    },

    /** POST /api/resend-verification: a new link for the signed-in account, 3 an hour. */
    async resendVerification(userId: string): Promise<string> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError(ACCOUNT_GONE);
      if (user.email_verified) return MSG.alreadyVerified;
      await limiter.take({
        key: `verify-mail:${user.id}`,
        limit: 3,
        windowSeconds: HOUR,
        message: MSG.tooManyRequests,
      });
      await sendVerification(user);
      return MSG.verificationSent;
    },

    /** POST /api/login: any role may sign in here. */
    login: authenticate,

    /**
     * The Set-Cookie value a successful sign-in sends: the signed device token, HttpOnly,
     * SameSite=Strict, sent only to /api, kept a year, Secure where cookies must be (the cloud).
     * A browser that sent a valid device token of this account keeps its device id; any other
     * (none, another account's, one from before a password reset) gets a new one. Undefined when
     * no device tokens are configured.
     */
    deviceCookieFor(user: User, presented?: string): string | undefined {
      const devices = deps.devices;
      if (!devices) return undefined;
      const kept = presented ? devices.deviceOf(presented, user.id, user.token_version) : undefined;
      const token = devices.issue(user.id, user.token_version, kept);
      const secure = settings().secureCookies ? '; Secure' : '';
      return `${DEVICE_COOKIE}=${token}; Path=/api; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
    },

    /** The device token among a Cookie header's values, if any. */
    deviceTokenIn: (cookieHeader: string | undefined): string | undefined => deviceTokenOf(cookieHeader),

    /**
     * POST /api/admin-login: the same check as /api/login. A developer's valid credentials sign the
     * developer in (role developer) and the admin form sends them to /dashboard (spec section 4).
     */
    adminLogin: authenticate,

    /** Throws 503 when Google sign-in is not configured; call before reading the request. */
    assertGoogleConfigured(): void {
      requireGoogleSettings(settings().google);
    },

    /**
     * Signs in with a Google ID token. An existing account is used only when it was created by
     * Google or its address was verified (whoever registered an address first must not keep
     * access beside its real owner), and never for an admin; with no account, a developer account
     * (pending approval, no password, address verified by Google) is created.
     */
    async googleLogin(idToken: string): Promise<{ user: User; created: boolean }> {
      const identity = await verifyGoogleIdToken(idToken, requireGoogleSettings(settings().google));
      const existing = await users.findByEmail(identity.email);
      if (existing) {
        if (existing.role === 'admin') throw new ForbiddenError(MSG.googleAdminRefused);
        if (existing.auth_provider !== 'google' && !existing.email_verified) {
          throw new ForbiddenError(MSG.googleNeedsVerifiedEmail);
        }
        return { user: existing, created: false };
      }
      const result = await ensureUser(
        {
          email: identity.email,
          password: null,
          full_name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
          company_name: '',
          role: 'developer',
          is_approved: false,
          auth_provider: 'google',
          email_verified: true,
        },
        users,
        passwords,
      );
      if (!result.created) {
        // Someone registered the address between the two reads: apply the same rules to it.
        const u = result.user;
        if (u.role === 'admin') throw new ForbiddenError(MSG.googleAdminRefused);
        if (u.auth_provider !== 'google' && !u.email_verified) throw new ForbiddenError(MSG.googleNeedsVerifiedEmail);
      }
      if (result.created) log.info('user registered with google', { userId: result.user.id });
      return result;
    },

    /**
     * Sends a reset link when the address has an account. Says nothing either way: unknown
     * addresses, mail failures and the per-address mail limit look exactly like success to the
     * caller. Only the per-client limit answers 429 (it counts every address alike).
     */
    async forgotPassword(email: string, client: string): Promise<void> {
      const cfg = settings();
      await limiter.take({
        key: `forgot:${client}`,
        limit: cfg.forgotPasswordPerClient,
        windowSeconds: HOUR,
        message: MSG.tooManyRequests,
      });
      const mayMail = await limiter.tryTake({
        key: `forgot-address:${email}`,
        limit: cfg.forgotPasswordMailsPerAddress,
        windowSeconds: HOUR,
      });
      const user = await users.findByEmail(email);
      if (!user || !mayMail) return;
      const { token, tokenHash } = createResetToken();
      await resetTokens.save({
        tokenHash,
        userId: user.id,
        expiresAt: nowSeconds() + cfg.resetTokenTtlSeconds,
        tokenVersion: user.token_version,
      });
      const link = tokenLink(settings().appUrl, '/reset-password', token);
      try {
        await mailer.sendMail(
          // The name only once the address is confirmed: whoever signed up with an address they do
          // not hold chose it, and anyone can ask for this mail.
          resetMail(
            user.email,
            user.email_verified ? user.full_name : '',
            link,
            Math.round(cfg.resetTokenTtlSeconds / 60),
          ),
        );
      } catch (err) {
        log.error('password reset mail failed', {
          userId: user.id,
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
    },

    /**
     * POST /api/login/email-link: after repeated failed sign-ins the sign-in form offers a link by
     * mail instead of a wait; once the account's daily guessing budget is spent, the link is the
     * way in (issue 30: a second proof, never a permanent lock). The same answer
     * whatever the address; limited per client and per address like forgot-password's mail (its
     * own counters). No link for an imported account that has not set its password.
     */
    async mailSignInLink(email: string, client: string): Promise<void> {
      const cfg = settings();
      await limiter.take({
        key: `signin-link:${client}`,
        limit: cfg.forgotPasswordPerClient,
        windowSeconds: HOUR,
        message: MSG.tooManyRequests,
      });
      const mayMail = await limiter.tryTake({
        key: `signin-link-address:${email}`,
        limit: cfg.forgotPasswordMailsPerAddress,
        windowSeconds: HOUR,
      });
      const user = await users.findByEmail(email);
      if (!user || !mayMail || user.invited) return;
      const { token, tokenHash } = createResetToken();
      await signInLinks.save({
        tokenHash,
        userId: user.id,
        expiresAt: nowSeconds() + SIGN_IN_LINK_MINUTES * 60,
        tokenVersion: user.token_version,
      });
      const link = tokenLink(settings().appUrl, '/login/link', token);
      try {
        await mailer.sendMail(signInLinkMail(user.email, link, SIGN_IN_LINK_MINUTES));
      } catch (err) {
        log.error('sign-in link mail failed', { userId: user.id, error: err instanceof Error ? err.name : 'unknown' });
      }
    },

    /**
     * POST /api/login/link: signs in with a mailed link (once; voided by a password reset or any
     * other token-version bump). Holding the mailbox proves more than a password: the link lifts
     * this client's and this device's lock and the address's back-off, and the answer's device
     * cookie makes the browser a known device, which the spent daily guessing budget does not hold.
     */
    async signInWithLink(token: string, client: string, device?: string): Promise<User> {
      const taken = await signInLinks.take(hashResetToken(token), nowSeconds());
      if (!taken) throw new ValidationError(SIGN_IN_LINK_INVALID);
      const user = await users.findById(taken.userId);
      if (!user || user.token_version !== taken.tokenVersion) throw new ValidationError(SIGN_IN_LINK_INVALID);
      const deviceId = deps.devices?.deviceOf(device, user.id, user.token_version);
      await throttle.release(user.email, client, user.token_version, deviceId);
      log.info('signed in with a mailed link', { userId: user.id });
      return user;
    },

    /**
     * Sets a new password with a single-use reset token. The reset moves the token version on, so
     * it also voids every other outstanding link, signs out every existing session and starts the
     * sign-in counters of the address afresh.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      refuseBreached(password);
      const tokenHash = hashResetToken(token);
      const stored = await resetTokens.find(tokenHash);
      if (!stored || stored.expiresAt <= nowSeconds()) throw new ValidationError(RESET_LINK_INVALID);
      const user = await users.findById(stored.userId);
      if (!user || user.token_version !== stored.tokenVersion) throw new ValidationError(RESET_LINK_INVALID);
      const redeemed = await resetTokens.redeem(
        tokenHash,
        user.id,
        await passwords.hash(password),
        nowSeconds(),
        stored.tokenVersion,
      );
      if (!redeemed) throw new ValidationError(RESET_LINK_INVALID);
      log.info('password reset', { userId: user.id });
    },

    /** The signed-in account; 401 when it has been removed since the token was issued. */
    async getProfile(userId: string): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError(ACCOUNT_GONE);
      return user;
    },

    /** GET /api/user/profile: the signed-in account's own profile; 401 when it has been removed. */
    async userProfile(userId: string): Promise<UserProfile> {
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError(ACCOUNT_GONE);
      return toUserProfile(user);
    },

    /**
     * PUT /api/admin/profile: name, address (unique) and, when given, a new password (not one of the
     * commonly breached passwords). A new address is unverified until the link mailed to it is
     * followed. Answers the account as it was and as it is now.
     */
    async updateAdminProfile(userId: string, input: AdminProfileUpdateInput): Promise<{ before: User; user: User }> {
      const current = await users.findById(userId);
      if (!current) throw new UnauthorizedError(ACCOUNT_GONE);
      if (current.role !== 'admin') throw new ForbiddenError(ADMIN_REQUIRED);
      if (input.password) refuseBreached(input.password);
      const passwordHash = input.password ? await passwords.hash(input.password) : undefined;
      const updated = await users.updateProfile(
        current,
        { full_name: input.full_name, email: input.email },
        passwordHash,
      );
      if (!updated) throw new UnauthorizedError(ACCOUNT_GONE);
      if (updated.email !== current.email) {
        // The new address must be proven before anything tied to it (guest purchases) shows.
        log.info('admin e-mail changed', { userId });
        await sendVerification(updated);
      }
      return { before: current, user: updated };
    },

    ensureUser: (input: EnsureUserInput) => ensureUser(input, users, passwords),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
