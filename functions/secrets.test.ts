import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConfig } from './config';
import { signAccessToken, verifyAccessToken } from './http/auth';
import { ORIGIN_VERIFY_HEADER, originVerified } from './http/origin-verify';
import {
  ensureSecrets,
  parseJwtSecret,
  parseStripeSecret,
  resetSecretsForTests,
  SECRET_MAX_AGE_SECONDS,
  SECRETS_UNAVAILABLE,
  secretString,
} from './secrets';
import { envForTests } from './testing/env';

const JWT_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:jwt-AbCdEf';
const STRIPE_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:stripe-AbCdEf';
const ORIGIN_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf';
const K1 = 'k1-secret-k1-secret-k1-secret-k1-secret';
const K2 = 'k2-secret-k2-secret-k2-secret-k2-secret';
const VARS = [
  'RUNTIME',
  'SCRYPT_LOG2_N',
  'JWT_SECRET',
  'JWT_KID',
  'JWT_SECRET_ARN',
  'STRIPE_SECRET_ARN',
  'ORIGIN_SECRET_ARN',
  'ORIGIN_VERIFY_SECRET',
  'ORIGIN_VERIFY_PREVIOUS_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'LOG_LEVEL',
] as const;
const setEnv = envForTests(VARS, resetSecretsForTests);
const sm = mockClient(SecretsManagerClient);

function cloud(env: Partial<Record<(typeof VARS)[number], string>>) {
  setEnv({ RUNTIME: 'aws', LOG_LEVEL: 'silent', ...env });
}

const secrets = (values: Record<string, unknown>) => {
  sm.reset();
  for (const [arn, value] of Object.entries(values)) {
    sm.on(GetSecretValueCommand, { SecretId: arn }).resolves({
      SecretString: typeof value === 'string' ? value : JSON.stringify(value),
    });
  }
};

afterEach(() => sm.reset());

describe('secret loader', () => {
  it('reads the JWT, Stripe and origin secrets once at cold start and caches them', async () => {
    cloud({ JWT_SECRET_ARN: JWT_ARN, STRIPE_SECRET_ARN: STRIPE_ARN, ORIGIN_SECRET_ARN: ORIGIN_ARN });
    secrets({
      [JWT_ARN]: { kid: 'k1', secret: K1 },
      [STRIPE_ARN]: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' },
      [ORIGIN_ARN]: 'o'.repeat(40),
    });
    expect(getConfig().JWT_SECRET).toBeUndefined();
    await ensureSecrets();
    await ensureSecrets();
    const cfg = getConfig();
    expect(cfg.JWT_SECRET).toBe(K1);
    expect(cfg.JWT_KID).toBe('k1');
    expect(cfg.STRIPE_SECRET_KEY).toBe('sk_test_abc');
    expect(cfg.STRIPE_WEBHOOK_SECRET).toBe('whsec_abc');
    expect(cfg.ORIGIN_VERIFY_SECRET).toBe('o'.repeat(40));
    // The origin secret's current and (while a rotation overlaps) previous versions.
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(4);
  });

  it('reads only the secrets whose ARN the function was given (a webhook worker reads none)', async () => {
    cloud({});
    secrets({});
    await ensureSecrets();
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    secrets({ [JWT_ARN]: { kid: 'k1', secret: K1 } });
    await ensureSecrets();
    expect(sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId)).toEqual([JWT_ARN]);
    expect(getConfig().STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('leaves Stripe unconfigured while the secret is the empty shell the stack created', async () => {
    cloud({ STRIPE_SECRET_ARN: STRIPE_ARN });
    secrets({ [STRIPE_ARN]: { secretKey: '', webhookSecret: '' } });
    await ensureSecrets();
    expect(getConfig().STRIPE_SECRET_KEY).toBeUndefined();
    expect(parseStripeSecret({ secretKey: 'sk_live_x1', webhookSecret: 'nope' })).toEqual({});
  });

  it('answers 503 with Retry-After when Secrets Manager fails, and reads again on the next request', async () => {
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    sm.reset();
    sm.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));
    await expect(ensureSecrets()).rejects.toMatchObject({
      status: 503,
      message: SECRETS_UNAVAILABLE,
      headers: { 'Retry-After': '5' },
    });
    secrets({ [JWT_ARN]: { kid: 'k1', secret: K1 } });
    await ensureSecrets();
    expect(getConfig().JWT_SECRET).toBe(K1);
  });

  it('refuses a malformed JWT secret, naming the field but not the value', () => {
    expect(() => parseJwtSecret({ kid: 'k1', secret: 'short' })).toThrow('JWT secret: secret must be at least 32');
    expect(() => parseJwtSecret({ kid: 'k1', secret: K1, previous: { kid: 'k1', secret: K2 } })).toThrow(
      /previous.kid must differ/,
    );
    expect(() => parseJwtSecret('plain')).toThrow(/JSON object/);
  });
});

describe('origin secret rotation', () => {
  const OLD = 'old-origin-value-old-origin-value-0123';
  const NEW = 'new-origin-value-new-origin-value-4567';
  const header = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value });
  const verified = (value: string) => {
    const cfg = getConfig();
    return originVerified(header(value), cfg.ORIGIN_VERIFY_SECRET, cfg.ORIGIN_VERIFY_PREVIOUS_SECRET);
  };
  const versions = (current: string, previous: string | undefined) => {
    sm.reset();
    sm.on(GetSecretValueCommand).callsFake((input: { SecretId: string; VersionStage?: string }) => {
      if (input.SecretId !== ORIGIN_ARN) throw new Error(`unexpected ${input.SecretId}`);
      if (input.VersionStage === 'AWSPREVIOUS') {
        if (previous === undefined) {
          throw Object.assign(
            new Error("Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS"),
            {
              name: 'ResourceNotFoundException',
            },
          );
        }
        return { SecretString: previous };
      }
      return { SecretString: current };
    });
  };

  it('accepts the old value while the rotation overlaps, and refuses it once the previous version is dropped', async () => {
    cloud({ ORIGIN_SECRET_ARN: ORIGIN_ARN });
    // Before: one value, no AWSPREVIOUS (a new secret).
    versions(OLD, undefined);
    await ensureSecrets();
    expect(verified(OLD)).toBe(true);
    expect(verified(NEW)).toBe(false);

    // Step 1, put-secret-value: NEW is AWSCURRENT, OLD is AWSPREVIOUS. CloudFront still sends OLD
    // until the forced distribution update; both are accepted (no 403 in between).
    versions(NEW, OLD);
    await ensureSecrets({ force: true });
    expect(verified(OLD)).toBe(true);
    expect(verified(NEW)).toBe(true);
    expect(verified('x'.repeat(40))).toBe(false);

    // Step 3, CloudFront sends NEW; the rotation removes the AWSPREVIOUS label: OLD is refused.
    versions(NEW, undefined);
    await ensureSecrets({ force: true });
    expect(getConfig().ORIGIN_VERIFY_PREVIOUS_SECRET).toBeUndefined();
    expect(verified(OLD)).toBe(false);
    expect(verified(NEW)).toBe(true);
  });

  it('a failed read of the previous version fails the read (503), it is not taken for "no previous"', async () => {
    cloud({ ORIGIN_SECRET_ARN: ORIGIN_ARN });
    sm.reset();
    sm.on(GetSecretValueCommand).callsFake((input: { VersionStage?: string }) => {
      if (input.VersionStage === 'AWSPREVIOUS')
        throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
      return { SecretString: NEW };
    });
    await expect(ensureSecrets()).rejects.toMatchObject({ status: 503 });
  });
});

describe('JWT rotation with key ids', () => {
  it('signs with the current kid and still accepts tokens of the previous key after a rotation', async () => {
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    secrets({ [JWT_ARN]: { kid: 'k1', secret: K1 } });
    await ensureSecrets();
    const user = { userId: 'u1', email: 'a@example.com', role: 'developer' as const };
    const old = await signAccessToken(user);
    expect(JSON.parse(Buffer.from(old.split('.')[0] as string, 'base64url').toString()).kid).toBe('k1');

    // Rotation: k2 signs, k1 is kept as previous.
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    secrets({ [JWT_ARN]: { kid: 'k2', secret: K2, previous: { kid: 'k1', secret: K1 } } });
    await ensureSecrets();
    const fresh = await signAccessToken(user);
    expect(JSON.parse(Buffer.from(fresh.split('.')[0] as string, 'base64url').toString()).kid).toBe('k2');
    await expect(verifyAccessToken(old)).resolves.toMatchObject({ userId: 'u1' });
    await expect(verifyAccessToken(fresh)).resolves.toMatchObject({ userId: 'u1' });

    // Once previous is dropped, the old token no longer verifies.
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    secrets({ [JWT_ARN]: { kid: 'k2', secret: K2 } });
    await ensureSecrets();
    await expect(verifyAccessToken(old)).rejects.toMatchObject({ status: 401 });
    await expect(verifyAccessToken(fresh)).resolves.toMatchObject({ userId: 'u1' });
  });

  it('refuses a token whose kid names the previous key but which is signed with another secret', async () => {
    cloud({ JWT_SECRET_ARN: JWT_ARN });
    secrets({ [JWT_ARN]: { kid: 'k2', secret: K2, previous: { kid: 'k1', secret: K1 } } });
    await ensureSecrets();
    const forged = await new SignJWT({ email: 'a@example.com', role: 'admin', tv: 0 })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('u1')
      .setIssuer('dental-marketplace')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(K2));
    await expect(verifyAccessToken(forged)).rejects.toMatchObject({ status: 401 });
  });
});

describe('secrets read when they are needed (the API keys of the outside systems)', () => {
  const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:legacy-key-AbCdEf';

  afterEach(() => vi.useRealTimers());

  it('are read through the same provider, cached for the max age, and a replaced key is used after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    cloud({});
    secrets({ [KEY_ARN]: 'key-one' });
    expect(await secretString(KEY_ARN)).toBe('key-one');
    secrets({ [KEY_ARN]: 'key-two' });
    expect(await secretString(KEY_ARN)).toBe('key-one');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0); // reset by secrets(): the cache answered
    vi.setSystemTime(Date.now() + (SECRET_MAX_AGE_SECONDS + 1) * 1000);
    expect(await secretString(KEY_ARN)).toBe('key-two');
  });

  it('say so when the secret is still empty', async () => {
    cloud({});
    secrets({ [KEY_ARN]: '' });
    expect(await secretString(KEY_ARN)).toBeUndefined();
  });
});
