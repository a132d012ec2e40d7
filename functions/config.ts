import * as z from 'zod';

/**
 * The one place that reads the environment. Validated with zod on first use; a bad value stops
 * start-up with a message naming the variable. Local defaults need no configuration at all.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  /**
   * "aws" (the default: the safe behaviour) when deployed; "local" only for the embedded runtime
   * (bin/local.ts) and the test setup, which set it themselves. "local" turns on the labelled
   * test checkout and, while bound to loopback, internal webhook targets.
   */
  RUNTIME: z.enum(['local', 'aws']).default('aws'),
  /** Address the local runtime and its engines listen on; loopback unless chosen otherwise. */
  HOST: z.string().min(1).default('127.0.0.1'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().min(1).default('dental-marketplace'),
  UPLOADS_BUCKET: z.string().min(1).default('dental-marketplace-uploads'),
  /** Endpoints of the local engines; empty in the cloud. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  SES_ENDPOINT: z.string().url().optional(),
  SQS_ENDPOINT: z.string().url().optional(),
  /** Public origin of the product, used in e-mailed links and Stripe return URLs. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  MAIL_FROM: z.string().email().default('no-reply@dentalmarket.local'),
  /** The SES configuration set that reports bounces and complaints (cloud); unset locally. */
  SES_CONFIGURATION_SET: z.string().optional(),
  /** The mail queue: failed sends are retried from it (cloud); locally an in-process queue. */
  MAIL_QUEUE_URL: z.string().optional(),
  /**
   * Signs access tokens (HS256), with its key id JWT_KID in the token header. Locally given
   * directly (npm start generates .data/jwt-secret); in the cloud read at cold start from the
   * Secrets Manager secret JWT_SECRET_ARN (functions/secrets.ts), never from the environment.
   * JWT_PREVIOUS_SECRET/JWT_PREVIOUS_KID still verify tokens signed before a rotation.
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_KID: z.string().min(1).max(64).default('local'),
  JWT_PREVIOUS_SECRET: z.string().min(32, 'JWT_PREVIOUS_SECRET must be at least 32 characters').optional(),
  JWT_PREVIOUS_KID: z.string().min(1).max(64).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  /** Secrets Manager secret with JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."} (cloud). */
  STRIPE_SECRET_ARN: z.string().optional(),
  /**
   * The value CloudFront sends in the X-Origin-Verify header; the API refuses requests without it,
   * so the execute-api URL cannot bypass CloudFront and its WAF. Read from ORIGIN_SECRET_ARN in
   * the cloud; unset locally (no check).
   */
  ORIGIN_VERIFY_SECRET: z.string().min(32, 'ORIGIN_VERIFY_SECRET must be at least 32 characters').optional(),
  ORIGIN_SECRET_ARN: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 12),
  RESET_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Failed sign-ins allowed per client inside one LOGIN_LOCK_SECONDS window, across addresses. */
  LOGIN_CLIENT_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  /** Password checks per address per minute from all clients together (a short back-off only). */
  LOGIN_ADDRESS_MAX_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Per-client limits per hour: sign-ups, forgot-password requests, guest checkouts. */
  RATE_LIMIT_REGISTER_PER_CLIENT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORGOT_PASSWORD_PER_CLIENT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_GUEST_CHECKOUT_PER_CLIENT: z.coerce.number().int().positive().default(20),
  /**
   * Images one developer may upload per day (presigned or multipart, 24 hour window from the first):
   * bounds what an account can park in the bucket before any app refers to it. Then 429.
   */
  UPLOADS_MAX_PENDING_PER_DEVELOPER: z.coerce.number().int().positive().default(50),
  /** Reset mails per address per hour; further requests get the same answer and no mail. */
  FORGOT_PASSWORD_MAILS_PER_ADDRESS: z.coerce.number().int().positive().default(3),
  /** Mails the checkout sends one recipient per day (guest confirmations, licence mails); more are dropped. */
  MAILS_PER_RECIPIENT_PER_DAY: z.coerce.number().int().positive().default(20),
  /** How long a free guest licence's confirmation link works. */
  GUEST_CONFIRM_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 48),
  /** Verification-link lifetime. */
  VERIFY_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 48),
  /**
   * scrypt cost as log2(N), with r=8 and p=1. The default is OWASP's minimum (N=2^17); the cloud
   * refuses less. Only test stacks that create many accounts lower it.
   */
  SCRYPT_LOG2_N: z.coerce.number().int().min(14).max(20).default(17),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /**
   * Verifies Stripe's webhook signatures. Required with STRIPE_SECRET_KEY, and locally (where the
   * test-checkout page signs its events with it): `npm start` generates one into
   * .data/stripe-webhook-secret on first start. There is no public default.
   */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /**
   * Lets webhooks target private/loopback addresses (and plain http, any port). On by default
   * locally while HOST is a loopback address, off otherwise; never allowed with a non-loopback
   * HOST, and the ports of the local engines stay refused even then.
   */
  ALLOW_INTERNAL_WEBHOOK_TARGETS: bool,
  QUEUE_URL: z.string().optional(),
  /**
   * Every AWS SDK client (DynamoDB, S3, SES, SQS, Secrets Manager, Scheduler): a connection must
   * open within AWS_CONNECT_TIMEOUT_MS and an answer arrive within AWS_REQUEST_TIMEOUT_MS; refused
   * or reset connections, throttling and 5xx are retried with full jitter up to AWS_MAX_ATTEMPTS
   * attempts in all, a timeout is not (the dependency hangs). A request then answers 503 within
   * seconds instead of hanging.
   */
  AWS_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(1_000),
  AWS_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(2_000),
  AWS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
  /** The fulfilment queue (licence delivery in the background, cloud); locally an in-process queue. */
  FULFILMENT_QUEUE_URL: z.string().optional(),
  /** Webhook deliveries: only a 2xx answer within this many milliseconds is a success. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(15_000),
  /**
   * Webhook retry delays in seconds, comma-separated, replacing the default schedule
   * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h); e.g. "1,2,4" for demos.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds')
    .optional(),
  /** The outside systems the sync talks to; locally the simulators of bin/simulators/. */
  INTERNAL_SYSTEM_URL: z.string().url().optional(),
  LEGACY_SYSTEM_URL: z.string().url().optional(),
  /** API keys of the outside systems: given directly (local), or read from Secrets Manager (cloud). */
  INTERNAL_SYSTEM_API_KEY: z.string().optional(),
  LEGACY_SYSTEM_API_KEY: z.string().optional(),
  INTERNAL_SYSTEM_SECRET_ARN: z.string().optional(),
  LEGACY_SYSTEM_SECRET_ARN: z.string().optional(),
  /** An outside system that has not answered a request within this time has failed it. */
  SYNC_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
  /** A sync lock older than this is stale (its worker died) and may be taken over. */
  SYNC_LOCK_STALE_SECONDS: z.coerce.number().int().positive().default(900),
  /** Most legacy events one poll hands over (the rest wait for the next poll). */
  SYNC_EVENTS_PER_POLL: z.coerce.number().int().positive().max(10_000).default(500),
  /** The sync queue and its dead-letter queue (cloud); locally an in-process queue. */
  SYNC_QUEUE_URL: z.string().optional(),
  SYNC_QUEUE_ARN: z.string().optional(),
  SYNC_DLQ_URL: z.string().optional(),
  /** The EventBridge Scheduler schedule that sends polls to the sync queue, and the role it assumes. */
  SYNC_SCHEDULE_NAME: z.string().optional(),
  SYNC_SCHEDULE_GROUP: z.string().default('default'),
  /** Local only: wait before a failed sync job is received again (SQS: the visibility timeout). */
  SYNC_QUEUE_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  SYNC_SCHEDULER_ROLE_ARN: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * How long a process reuses what it knows of the catalogue version before reading it again:
   * the bound within which a marketplace change made elsewhere shows in this process's answers.
   */
  CATALOGUE_VERSION_MAX_AGE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /**
   * Days an audit trail entry is kept before DynamoDB's TTL removes it. Default 2192 (six years,
   * the HIPAA documentation retention period).
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(2192),
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
const CheckedConfigSchema = ConfigSchema.refine((c) => !c.STRIPE_SECRET_KEY || !!c.STRIPE_WEBHOOK_SECRET, {
  path: ['STRIPE_WEBHOOK_SECRET'],
  message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
})
  .refine((c) => c.RUNTIME !== 'aws' || c.SCRYPT_LOG2_N >= 17, {
    path: ['SCRYPT_LOG2_N'],
    message: 'SCRYPT_LOG2_N must be at least 17 (OWASP minimum) in the cloud',
  })
  .refine((c) => c.RUNTIME !== 'local' || !!c.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'JWT_SECRET is required locally (npm start generates one under .data/)',
  })
  .refine((c) => !c.JWT_PREVIOUS_SECRET || (!!c.JWT_PREVIOUS_KID && c.JWT_PREVIOUS_KID !== c.JWT_KID), {
    path: ['JWT_PREVIOUS_KID'],
    message: 'JWT_PREVIOUS_KID is required with JWT_PREVIOUS_SECRET and must differ from JWT_KID',
  })
  .refine((c) => c.RUNTIME !== 'local' || !!c.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_WEBHOOK_SECRET is required locally (npm start generates one under .data/)',
  })
  .refine((c) => !(c.RUNTIME === 'local' && c.ALLOW_INTERNAL_WEBHOOK_TARGETS && !isLoopbackHost(c.HOST)), {
    path: ['ALLOW_INTERNAL_WEBHOOK_TARGETS'],
    message: 'internal webhook targets are allowed only while HOST is a loopback address',
  });

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
