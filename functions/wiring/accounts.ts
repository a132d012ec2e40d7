/**
 * Accounts (core/users/users-service.ts): sign-up, sign-in, profiles, resets, wired to DynamoDB and
 * SES; and the guests' claim links (core/users/practice-claims.ts). An address that becomes proven
 * (verified, claimed) makes its purchases count as installations (core/purchases/installations.ts,
 * counted by the sync worker).
 */
import { dynamoUsersStores } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { buyerIdsOf } from '../core/purchases/purchase';
import { createDeviceTokens } from '../core/users/device-token';
import type { GoogleSettings } from '../core/users/google-id-token';
import { createPracticeClaims } from '../core/users/practice-claims';
import type { User } from '../core/users/user';
import { createUsersService, type UsersSettings } from '../core/users/users-service';
import { logger } from '../http/logger';
import { breachedPasswordCheck } from './breached-passwords';
import { installationCounts } from './installation-counts';
import { lazyService } from './lazy';
import { passwords } from './passwords';
import { rateLimiter } from './rate-limits';

/**
 * Password hashing at SCRYPT_LOG2_N (readable without the rest of the configuration, so seeding
 * tools hash too where no JWT secret is configured).
 */
export { passwords };

/** Google sign-in's settings, or undefined when no client id is configured. */
function googleSettings(): GoogleSettings | undefined {
  const cfg = getConfig();
  const clientId = cfg.GOOGLE_CLIENT_ID?.trim();
  if (!clientId) return undefined;
  const issuers = cfg.GOOGLE_ISSUERS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { clientId, jwksUrl: cfg.GOOGLE_JWKS_URL, issuers };
}

/** The accounts' settings, read from the configuration at every use. */
export function usersSettings(): UsersSettings {
  const cfg = getConfig();
  return {
    appUrl: cfg.APP_URL,
    verifyTokenTtlSeconds: cfg.VERIFY_TOKEN_TTL_SECONDS,
    resetTokenTtlSeconds: cfg.RESET_TOKEN_TTL_SECONDS,
    registerPerClient: cfg.RATE_LIMIT_REGISTER_PER_CLIENT,
    forgotPasswordPerClient: cfg.RATE_LIMIT_FORGOT_PASSWORD_PER_CLIENT,
    forgotPasswordMailsPerAddress: cfg.FORGOT_PASSWORD_MAILS_PER_ADDRESS,
    login: {
      maxFailures: cfg.LOGIN_MAX_FAILURES,
      lockSeconds: cfg.LOGIN_LOCK_SECONDS,
      clientMaxFailures: cfg.LOGIN_CLIENT_MAX_FAILURES,
      addressPerMinute: cfg.LOGIN_ADDRESS_MAX_PER_MINUTE,
      addressFailuresPerDay: cfg.LOGIN_ADDRESS_MAX_FAILURES_PER_DAY,
    },
    google: googleSettings(),
    secureCookies: cfg.RUNTIME === 'aws',
  };
}

/**
 * The purchases kept for the account's proven addresses start counting as installations: the sync
 * worker counts them a page per message after the request (wiring/installation-counts.ts).
 */
const countInstallationsOf = async (user: User): Promise<void> => {
  await installationCounts.request(buyerIdsOf(user));
};

export const accounts = /* @__PURE__ */ lazyService(() =>
  createUsersService({
    ...dynamoUsersStores,
    limiter: rateLimiter,
    mailer: sesMailer,
    passwords,
    refuseBreached: (password) => breachedPasswordCheck()(password),
    settings: usersSettings,
    onAddressProven: countInstallationsOf,
    log: logger,
    // Keyed by a key derived from the JWT signing secret (device-token.ts).
    devices: createDeviceTokens(() => getConfig().JWT_SECRET ?? ''),
  }),
);

/** The guests' "Create your practice account" links, followed (POST /api/claim-account...). */
export const practiceClaims = /* @__PURE__ */ lazyService(() =>
  createPracticeClaims({
    users: dynamoUsersStores.users,
    tokens: dynamoUsersStores.claimTokens,
    passwords,
    refuseBreached: (password) => breachedPasswordCheck()(password),
    limiter: rateLimiter,
    perClientPerHour: () => getConfig().RATE_LIMIT_REGISTER_PER_CLIENT,
    onAddressProven: countInstallationsOf,
    log: logger,
  }),
);
