/**
 * Secrets at cold start. In the cloud the JWT signing keys, the Stripe keys and the origin-verify
 * value live in Secrets Manager; a function gets the ARNs of exactly the secrets it may read
 * (lib/api.ts) and reads them here through Powertools Parameters, cached for SECRET_MAX_AGE_SECONDS
 * (a rotation reaches warm functions within that time). The values go into the configuration
 * under the names the local runtime sets directly (JWT_SECRET, STRIPE_SECRET_KEY, ...), so the
 * rest of the code has one config path. Locally nothing is read: the values come from .data/ files
 * through the environment (bin/local.ts).
 *
 * Secret formats:
 * - JWT (JWT_SECRET_ARN): {"kid": "k1", "secret": "<at least 32 characters>",
 *   "previous": {"kid": "k0", "secret": "..."}}; "previous" (optional) still verifies tokens
 *   signed before a rotation (keep it for JWT_TTL_SECONDS after rotating, then drop it).
 * - Stripe (STRIPE_SECRET_ARN): {"secretKey": "sk_...", "webhookSecret": "whsec_..."}. The stack
 *   creates it empty; until both are filled in, payments answer 503 (not configured).
 * - Origin verify (ORIGIN_SECRET_ARN): the secret string itself. Its AWSPREVIOUS version, while
 *   there is one, is accepted too: a rotation puts a new value (the old one becomes AWSPREVIOUS),
 *   CloudFront switches to it on the next deploy, then the rotation removes the AWSPREVIOUS label
 *   (bin/rotate-origin-secret.ts, docs/runbook.md), so no request is refused in between.
 * - The outside systems' API keys (INTERNAL_SYSTEM_SECRET_ARN, LEGACY_SYSTEM_SECRET_ARN): the secret
 *   string itself. Only the sync reads them, when it calls a system (secretString): a key not
 *   stored yet fails that call, not every request. The same provider and the same maxAge, so a key
 *   replaced in Secrets Manager is used within SECRET_MAX_AGE_SECONDS, without a cold start.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientResilience, tagDependency } from './adapters/resilience';
import { applySecretValues, getConfig } from './config';
import { AppError } from './core/errors';
import { logger } from './http/logger';
import { once, singleFlight } from './platform/once';

export const SECRET_MAX_AGE_SECONDS = 300;
export const SECRETS_UNAVAILABLE = 'The service is starting up and cannot read its configuration. Please try again.';

// The same connection and request timeouts and bounded retries as every other AWS client, so a
// hung Secrets Manager fails a cold start within seconds (503) instead of holding it.
const secretsClient = /* @__PURE__ */ once(() =>
  tagDependency(
    new SecretsManagerClient({ region: getConfig().AWS_REGION, ...awsClientResilience() }),
    'Secrets Manager',
  ),
);
const secretsProvider = /* @__PURE__ */ once(() => new SecretsProvider({ awsSdkV3Client: secretsClient() }));

/**
 * The origin secret's AWSPREVIOUS version: set between a rotation's new value and the moment the
 * rotation drops the label (CloudFront then sends the new value); undefined when there is none.
 */
async function previousOriginSecret(arn: string): Promise<string | undefined> {
  try {
    const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn, VersionStage: 'AWSPREVIOUS' }));
    return out.SecretString || undefined;
  } catch (err) {
    if ((err as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw err;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Refuses a malformed JWT secret with a message naming the field (never the value). */
export function parseJwtSecret(value: unknown): Record<string, string> {
  if (!isObject(value)) throw new Error('JWT secret must be a JSON object {"kid", "secret", "previous"?}');
  const key = (v: unknown, where: string) => {
    if (!isObject(v) || typeof v.kid !== 'string' || !/^[\w.-]{1,64}$/.test(v.kid)) {
      throw new Error(`JWT secret: ${where}kid must be 1-64 letters, digits, '.', '_' or '-'`);
    }
    if (typeof v.secret !== 'string' || v.secret.length < 32) {
      throw new Error(`JWT secret: ${where}secret must be at least 32 characters`);
    }
    return { kid: v.kid, secret: v.secret };
  };
  const current = key(value, '');
  const out: Record<string, string> = { JWT_SECRET: current.secret, JWT_KID: current.kid };
  if (value.previous !== undefined && value.previous !== null) {
    const previous = key(value.previous, 'previous.');
    if (previous.kid === current.kid) throw new Error('JWT secret: previous.kid must differ from kid');
    out.JWT_PREVIOUS_SECRET = previous.secret;
    out.JWT_PREVIOUS_KID = previous.kid;
  }
  return out;
}

/**
 * Stripe's keys once both are filled in; nothing while the secret is still the empty shell the
 * stack created (payments then answer 503 "not configured").
 */
export function parseStripeSecret(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const { secretKey, webhookSecret } = value;
  if (typeof secretKey !== 'string' || !/^(sk|rk)_(test|live)_\w+/.test(secretKey)) return {};
  if (typeof webhookSecret !== 'string' || !webhookSecret.startsWith('whsec_')) return {};
  return { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret };
}

let loadedAt = 0;

async function read(force: boolean): Promise<void> {
  const cfg = getConfig();
  const options = { maxAge: SECRET_MAX_AGE_SECONDS, forceFetch: force } as const;
  const p = secretsProvider();
  const [jwt, stripe, origin, originPrevious] = await Promise.all([
    cfg.JWT_SECRET_ARN ? p.get(cfg.JWT_SECRET_ARN, { ...options, transform: 'json' }) : undefined,
    cfg.STRIPE_SECRET_ARN ? p.get(cfg.STRIPE_SECRET_ARN, { ...options, transform: 'json' }) : undefined,
    cfg.ORIGIN_SECRET_ARN ? p.get(cfg.ORIGIN_SECRET_ARN, options) : undefined,
    cfg.ORIGIN_SECRET_ARN ? previousOriginSecret(cfg.ORIGIN_SECRET_ARN) : undefined,
  ]);
  const values: Record<string, string> = {
    ...(cfg.JWT_SECRET_ARN ? parseJwtSecret(jwt) : {}),
    ...(cfg.STRIPE_SECRET_ARN ? parseStripeSecret(stripe) : {}),
  };
  if (cfg.ORIGIN_SECRET_ARN) {
    if (typeof origin !== 'string' || origin.length < 32)
      throw new Error('origin secret must be at least 32 characters');
    values.ORIGIN_VERIFY_SECRET = origin;
    if (originPrevious && originPrevious.length >= 32 && originPrevious !== origin) {
      values.ORIGIN_VERIFY_PREVIOUS_SECRET = originPrevious;
    }
  }
  applySecretValues(values);
  loadedAt = Date.now();
}

const hasSecretArns = (): boolean => {
  const cfg = getConfig();
  return Boolean(cfg.JWT_SECRET_ARN || cfg.STRIPE_SECRET_ARN || cfg.ORIGIN_SECRET_ARN);
};

/** Concurrent callers share one read. */
const readShared = singleFlight(read);

/**
 * Makes sure the secrets are loaded (cold start) and not older than SECRET_MAX_AGE_SECONDS.
 * Concurrent callers share one read. A failure answers 503 (with Retry-After) and is retried on
 * the next request; it never crashes the function. Without secret ARNs (locally) it does nothing.
 */
export async function ensureSecrets(options: { force?: boolean } = {}): Promise<void> {
  if (!hasSecretArns()) return;
  const fresh = Date.now() - loadedAt < SECRET_MAX_AGE_SECONDS * 1000;
  if (fresh && !options.force) return;
  try {
    await readShared(Boolean(options.force));
  } catch (err) {
    // The cause goes to the log (names only, never values); the caller gets a clear 503.
    logger.error('secrets could not be read', { error: err instanceof Error ? err.message : String(err) });
    throw new AppError(503, SECRETS_UNAVAILABLE, { 'Retry-After': '5' });
  }
}

/** Re-reads the secrets now (a token with an unknown key id after a rotation); at most once a minute. */
export async function refreshSecretsAfterRotation(): Promise<boolean> {
  if (!hasSecretArns() || Date.now() - loadedAt < 60_000) return false;
  await ensureSecrets({ force: true });
  return true;
}

/**
 * A secret string read when it is needed (an outside system's API key), through the same provider
 * as the cold-start secrets: cached for SECRET_MAX_AGE_SECONDS, then read again. Undefined when the
 * secret is empty; a failed read throws.
 */
export async function secretString(arn: string): Promise<string | undefined> {
  const value = await secretsProvider().get(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
  return typeof value === 'string' && value ? value : undefined;
}

/** Tests: forget what was loaded. */
export function resetSecretsForTests(): void {
  loadedAt = 0;
  secretsProvider.reset();
  secretsClient.reset();
}
