import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * The one place that reads the environment. Validated with zod on first use; a bad value stops
 * start-up with a message naming the variable. Local defaults need no configuration at all.
 *
 * Written with zod/mini (the same checks and messages as zod's chained API, ~23 KB minified
 * against ~90 KB): every function reads its configuration, and the storefront renderer validates
 * nothing else, so this keeps the rest of zod out of its bundle. English messages, as zod's
 * chained API registers them (the one locale: `z.locales` would bring all of them, ~330 KB).
 */
z.config(en());

const bool = z.pipe(
  z.optional(z.enum(['true', 'false', '1', '0', ''])),
  z.transform((v) => v === 'true' || v === '1'),
);

/** Whole numbers read from the environment's text, within `checks`, `fallback` when unset. */
const count = (fallback: number, ...checks: z.core.$ZodCheck<number>[]) =>
  z._default(z.coerce.number().check(z.int(), ...checks), fallback);
/** A positive whole number (at most `max`), `fallback` when unset. */
const positive = (fallback: number, max?: number) =>
  count(fallback, z.positive(), ...(max === undefined ? [] : [z.lte(max)]));
const text = () => z.optional(z.string());
const secret = (name: string) =>
  z.optional(z.string().check(z.minLength(32, `${name} must be at least 32 characters`)));

const ConfigSchema = z.object({
  /**
   * "aws" (the default: the safe behaviour) when deployed; "local" only for the embedded runtime
   * (bin/local.ts) and the test setup, which set it themselves. "local" turns on the labelled
   * test checkout and, while bound to loopback, internal webhook targets.
   */
  RUNTIME: z._default(z.enum(['local', 'aws']), 'aws'),
  /** Address the local runtime and its engines listen on; loopback unless chosen otherwise. */
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), 'dental-marketplace'),
  UPLOADS_BUCKET: z._default(z.string().check(z.minLength(1)), 'dental-marketplace-uploads'),
  /** Endpoints of the local engines; empty in the cloud. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  S3_ENDPOINT: z.optional(z.url()),
  SES_ENDPOINT: z.optional(z.url()),
  SQS_ENDPOINT: z.optional(z.url()),
  /** Public origin of the product, used in e-mailed links and Stripe return URLs. */
  APP_URL: z._default(z.url(), 'http://localhost:3000'),
  MAIL_FROM: z._default(z.email(), 'no-reply@dentalmarket.local'),
  /** The SES configuration set that reports bounces and complaints (cloud); unset locally. */
  SES_CONFIGURATION_SET: text(),
  /** The mail queue: failed sends are retried from it (cloud); locally an in-process queue. */
  MAIL_QUEUE_URL: text(),
  /**
   * Signs access tokens (HS256), with its key id JWT_KID in the token header. Locally given
   * directly (npm start generates .data/jwt-secret); in the cloud read at cold start from the
   * Secrets Manager secret JWT_SECRET_ARN (functions/secrets.ts), never from the environment.
   * JWT_PREVIOUS_SECRET/JWT_PREVIOUS_KID still verify tokens signed before a rotation.
   */
  JWT_SECRET: secret('JWT_SECRET'),
  JWT_KID: z._default(z.string().check(z.minLength(1), z.maxLength(64)), 'local'),
  JWT_PREVIOUS_SECRET: secret('JWT_PREVIOUS_SECRET'),
  JWT_PREVIOUS_KID: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  JWT_SECRET_ARN: text(),
  /** Secrets Manager secret with JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."} (cloud). */
  STRIPE_SECRET_ARN: text(),
  /**
   * The value CloudFront sends in the X-Origin-Verify header; the API refuses requests without it,
   * so the execute-api URL cannot bypass CloudFront and its WAF. Read from ORIGIN_SECRET_ARN in
   * the cloud; unset locally (no check).
   */
  ORIGIN_VERIFY_SECRET: secret('ORIGIN_VERIFY_SECRET'),
  ORIGIN_SECRET_ARN: text(),
  JWT_TTL_SECONDS: positive(60 * 60 * 12),
  RESET_TOKEN_TTL_SECONDS: positive(60 * 60),
  LOGIN_MAX_FAILURES: positive(5),
  LOGIN_LOCK_SECONDS: positive(15 * 60),
  /** Failed sign-ins allowed per client inside one LOGIN_LOCK_SECONDS window, across addresses. */
  LOGIN_CLIENT_MAX_FAILURES: positive(20),
  /** Password checks per address per minute from all clients together (a short back-off only). */
  LOGIN_ADDRESS_MAX_PER_MINUTE: positive(10),
  /** Per-client limits per hour: sign-ups, forgot-password requests, guest checkouts. */
  RATE_LIMIT_REGISTER_PER_CLIENT: positive(10),
  RATE_LIMIT_FORGOT_PASSWORD_PER_CLIENT: positive(10),
  RATE_LIMIT_GUEST_CHECKOUT_PER_CLIENT: positive(20),
  /**
   * Images one developer may upload per day (presigned or multipart, 24 hour window from the first):
   * bounds what an account can park in the bucket before any app refers to it. Then 429.
   */
  UPLOADS_MAX_PENDING_PER_DEVELOPER: positive(50),
  /** Reset mails per address per hour; further requests get the same answer and no mail. */
  FORGOT_PASSWORD_MAILS_PER_ADDRESS: positive(3),
  /** Mails the checkout sends one recipient per day (guest confirmations, licence mails); more are dropped. */
  MAILS_PER_RECIPIENT_PER_DAY: positive(20),
  /** How long a free guest licence's confirmation link works. */
  GUEST_CONFIRM_TTL_SECONDS: positive(60 * 60 * 48),
  /** Verification-link lifetime. */
  VERIFY_TOKEN_TTL_SECONDS: positive(60 * 60 * 48),
  /**
   * scrypt cost as log2(N), with r=8 and p=1. The default is OWASP's minimum (N=2^17); the cloud
   * refuses less. Only test stacks that create many accounts lower it.
   */
  SCRYPT_LOG2_N: count(17, z.gte(14), z.lte(20)),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_JWKS_URL: z._default(z.url(), 'https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z._default(z.string(), 'https://accounts.google.com,accounts.google.com'),
  STRIPE_SECRET_KEY: text(),
  /**
   * Verifies Stripe's webhook signatures. Required with STRIPE_SECRET_KEY, and locally (where the
   * test-checkout page signs its events with it): `npm start` generates one into
   * .data/stripe-webhook-secret on first start. There is no public default.
   */
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_PUBLISHABLE_KEY: text(),
  /**
   * Lets webhooks target private/loopback addresses (and plain http, any port). On by default
   * locally while HOST is a loopback address, off otherwise; never allowed with a non-loopback
   * HOST, and the ports of the local engines stay refused even then.
   */
  ALLOW_INTERNAL_WEBHOOK_TARGETS: bool,
  QUEUE_URL: text(),
  /**
   * Every AWS SDK client (DynamoDB, S3, SES, SQS, Secrets Manager, Scheduler): a connection must
   * open within AWS_CONNECT_TIMEOUT_MS and an answer arrive within AWS_REQUEST_TIMEOUT_MS; refused
   * or reset connections, throttling and 5xx are retried with full jitter up to AWS_MAX_ATTEMPTS
   * attempts in all, a timeout is not (the dependency hangs). A request then answers 503 within
   * seconds instead of hanging.
   */
  AWS_CONNECT_TIMEOUT_MS: positive(1_000, 10_000),
  AWS_REQUEST_TIMEOUT_MS: positive(2_000, 30_000),
  AWS_MAX_ATTEMPTS: count(3, z.gte(1), z.lte(5)),
  /** The fulfilment queue (licence delivery in the background, cloud); locally an in-process queue. */
  FULFILMENT_QUEUE_URL: text(),
  /** Webhook deliveries: only a 2xx answer within this many milliseconds is a success. */
  WEBHOOK_TIMEOUT_MS: positive(15_000, 60_000),
  /**
   * Webhook retry delays in seconds, comma-separated, replacing the default schedule
   * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h); e.g. "1,2,4" for demos.
   */
  WEBHOOK_RETRY_SCHEDULE: z.optional(
    z
      .string()
      .check(
        z.regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds'),
      ),
  ),
  /** The outside systems the sync talks to; locally the simulators of bin/simulators/. */
  INTERNAL_SYSTEM_URL: z.optional(z.url()),
  LEGACY_SYSTEM_URL: z.optional(z.url()),
  /** API keys of the outside systems: given directly (local), or read from Secrets Manager (cloud). */
  INTERNAL_SYSTEM_API_KEY: text(),
  LEGACY_SYSTEM_API_KEY: text(),
  INTERNAL_SYSTEM_SECRET_ARN: text(),
  LEGACY_SYSTEM_SECRET_ARN: text(),
  /** An outside system that has not answered a request within this time has failed it. */
  SYNC_HTTP_TIMEOUT_MS: positive(10_000, 60_000),
  /** A sync lock older than this is stale (its worker died) and may be taken over. */
  SYNC_LOCK_STALE_SECONDS: positive(900),
  /** Most legacy events one poll hands over (the rest wait for the next poll). */
  SYNC_EVENTS_PER_POLL: positive(500, 10_000),
  /** The sync queue and its dead-letter queue (cloud); locally an in-process queue. */
  SYNC_QUEUE_URL: text(),
  SYNC_QUEUE_ARN: text(),
  SYNC_DLQ_URL: text(),
  /** The EventBridge Scheduler schedule that sends polls to the sync queue, and the role it assumes. */
  SYNC_SCHEDULE_NAME: text(),
  SYNC_SCHEDULE_GROUP: z._default(z.string(), 'default'),
  /** Local only: wait before a failed sync job is received again (SQS: the visibility timeout). */
  SYNC_QUEUE_RETRY_DELAY_MS: count(5000, z.gte(0)),
  SYNC_SCHEDULER_ROLE_ARN: text(),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /**
   * How long a process reuses what it knows of the catalogue version before reading it again:
   * the bound within which a marketplace change made elsewhere shows in this process's answers.
   */
  CATALOGUE_VERSION_MAX_AGE_MS: count(1_000, z.gte(0), z.lte(10_000)),
  /**
   * Days an audit trail entry is kept before DynamoDB's TTL removes it. Default 2192 (six years,
   * the HIPAA documentation retention period).
   */
  AUDIT_RETENTION_DAYS: count(2192, z.gte(1), z.lte(36_500)),
});

export type Config = z.infer<typeof ConfigSchema>;

/** True for 127.0.0.0/8, ::1 and "localhost": addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Settings that only make sense together. */
const CheckedConfigSchema = ConfigSchema.check(
  z.refine((c) => !c.STRIPE_SECRET_KEY || !!c.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
  }),
  z.refine((c) => c.RUNTIME !== 'aws' || c.SCRYPT_LOG2_N >= 17, {
    path: ['SCRYPT_LOG2_N'],
    message: 'SCRYPT_LOG2_N must be at least 17 (OWASP minimum) in the cloud',
  }),
  z.refine((c) => c.RUNTIME !== 'local' || !!c.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'JWT_SECRET is required locally (npm start generates one under .data/)',
  }),
  z.refine((c) => !c.JWT_PREVIOUS_SECRET || (!!c.JWT_PREVIOUS_KID && c.JWT_PREVIOUS_KID !== c.JWT_KID), {
    path: ['JWT_PREVIOUS_KID'],
    message: 'JWT_PREVIOUS_KID is required with JWT_PREVIOUS_SECRET and must differ from JWT_KID',
  }),
  z.refine((c) => c.RUNTIME !== 'local' || !!c.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_WEBHOOK_SECRET is required locally (npm start generates one under .data/)',
  }),
  z.refine((c) => !(c.RUNTIME === 'local' && c.ALLOW_INTERNAL_WEBHOOK_TARGETS && !isLoopbackHost(c.HOST)), {
    path: ['ALLOW_INTERNAL_WEBHOOK_TARGETS'],
    message: 'internal webhook targets are allowed only while HOST is a loopback address',
  }),
);

/** Ports of the local engines (DynamoDB Local, S3, SES): never a webhook target, even locally. */
export function localEnginePorts(cfg: Config = getConfig()): number[] {
  const ports: number[] = [];
  for (const endpoint of [cfg.DYNAMODB_ENDPOINT, cfg.S3_ENDPOINT, cfg.SES_ENDPOINT, cfg.SQS_ENDPOINT]) {
    if (!endpoint) continue;
    const url = new URL(endpoint);
    ports.push(Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
  }
  return ports;
}

let cached: Config | undefined;
/** Values read from Secrets Manager at cold start (functions/secrets.ts): they take the place of environment variables. */
let secretValues: Record<string, string> = {};
let generation = 0;

/**
 * Puts secret values read at cold start into the configuration (one config path: locally the same
 * names come from the environment). The configuration is parsed again only when a value changed.
 */
export function applySecretValues(values: Record<string, string>): void {
  const before = JSON.stringify(secretValues);
  if (JSON.stringify(values) === before) return;
  secretValues = { ...values };
  cached = undefined;
  generation += 1;
}

/** Moves on whenever applySecretValues changed a value: services built from the configuration rebuild. */
export function configGeneration(): number {
  return generation;
}

export function getConfig(): Config {
  if (cached) return cached;
  const env: Record<string, string | undefined> = { ...process.env, ...secretValues };
  for (const key of Object.keys(env)) if (env[key] === '') delete env[key];
  if (env.ALLOW_INTERNAL_WEBHOOK_TARGETS === undefined) {
    const loopback = isLoopbackHost(env.HOST ?? '127.0.0.1');
    env.ALLOW_INTERNAL_WEBHOOK_TARGETS = env.RUNTIME === 'local' && loopback ? 'true' : 'false';
  }
  const parsed = CheckedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Configuration error in ${issue?.path.join('.') ?? 'environment'}: ${issue?.message}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * The scrypt cost alone (log2 N): readable without the rest of the configuration, so password
 * hashing also works where no JWT secret is configured (seeding tools, unit tests).
 */
export function scryptLog2N(): number {
  if (cached) return cached.SCRYPT_LOG2_N;
  return ConfigSchema.shape.SCRYPT_LOG2_N.parse(process.env.SCRYPT_LOG2_N || undefined);
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
  secretValues = {};
  generation += 1;
}
