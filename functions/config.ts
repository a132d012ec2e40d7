/**
 * The one place that reads the environment. Validated on first use; a bad value stops start-up
 * with a message naming the variable. Local defaults need no configuration at all.
 *
 * Written without zod (every function reads its configuration, and the storefront renderer
 * validates nothing else: zod/mini alone is ~28 KB of its bundle). The checks and their English
 * messages are zod's, word for word (functions/config.test.ts holds them): the first failing
 * variable in the order below is named, then the rules between variables.
 */

/** A variable's value is refused: `message` is what start-up reports after its name. */
class Invalid extends Error {}

/** A check of one variable's text (never empty: empty variables count as unset). */
type Field<T> = (value: string) => T;

const quoted = (options: readonly string[]) => options.map((o) => `"${o}"`).join('|');

function oneOf<const T extends string>(options: readonly T[]): Field<T> {
  return (value) => {
    if (!(options as readonly string[]).includes(value)) {
      throw new Invalid(`Invalid option: expected one of ${quoted(options)}`);
    }
    return value as T;
  };
}

/** A text, at least `min` and at most `max` characters long; `regex` with its own message. */
function string(min?: number, max?: number): Field<string> {
  return (value) => {
    if (min !== undefined && value.length < min) {
      throw new Invalid(`Too small: expected string to have >=${min} characters`);
    }
    if (max !== undefined && value.length > max)
      throw new Invalid(`Too big: expected string to have <=${max} characters`);
    return value;
  };
}

function matching(regex: RegExp, message: string): Field<string> {
  return (value) => {
    if (!regex.test(value)) throw new Invalid(message);
    return value;
  };
}

/** zod's URL check: the trimmed text parses as a URL; tabs and line breaks are left out of the value. */
const url: Field<string> = (value) => {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) throw new Invalid('Invalid URL');
  return trimmed.replace(/[\t\n\r]/g, '');
};

/** A URL without trailing slashes: an origin (or base path) that links are appended to with '/'. */
const base: Field<string> = (value) => url(value).replace(/\/+$/, '');

/** zod's e-mail pattern. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const email: Field<string> = (value) => {
  if (!EMAIL.test(value)) throw new Invalid('Invalid email address');
  return value;
};

interface Bounds {
  /** More than this (exclusive lower bound). */
  gt?: number;
  gte?: number;
  lte?: number;
}

/** A whole number written in the text (as JavaScript's Number reads it), within `bounds`. */
function integer(bounds: Bounds): Field<number> {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new Invalid(`Invalid input: expected number, received ${String(n)}`);
    if (!Number.isInteger(n)) throw new Invalid('Invalid input: expected int, received number');
    if (!Number.isSafeInteger(n)) {
      throw new Invalid(
        n > 0
          ? `Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`
          : `Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`,
      );
    }
    if (bounds.gt !== undefined && !(n > bounds.gt))
      throw new Invalid(`Too small: expected number to be >${bounds.gt}`);
    if (bounds.gte !== undefined && n < bounds.gte)
      throw new Invalid(`Too small: expected number to be >=${bounds.gte}`);
    if (bounds.lte !== undefined && n > bounds.lte) throw new Invalid(`Too big: expected number to be <=${bounds.lte}`);
    return n;
  };
}

/** `fallback` when unset (unchecked, as zod's defaults), else the field's value. */
const withDefault =
  <T>(field: Field<T>, fallback: T) =>
  (value: string | undefined): T =>
    value === undefined ? fallback : field(value);
const optional =
  <T>(field: Field<T>) =>
  (value: string | undefined): T | undefined =>
    value === undefined ? undefined : field(value);

// In the order zod's message lists them (its enums keep options as object keys: numbers first).
const BOOL_OPTIONS = ['0', '1', 'true', 'false', ''] as const;
const bool = (value: string | undefined): boolean => {
  const v = value === undefined ? undefined : oneOf(BOOL_OPTIONS)(value);
  return v === 'true' || v === '1';
};

/** Whole numbers read from the environment's text, within `bounds`, `fallback` when unset. */
const count = (fallback: number, bounds: Bounds) => withDefault(integer(bounds), fallback);
/** A positive whole number (at most `max`), `fallback` when unset. */
const positive = (fallback: number, max?: number) => count(fallback, { gt: 0, lte: max });
const text = () => optional(string());
const secret = (name: string) =>
  optional((value) => {
    if (value.length < 32) throw new Invalid(`${name} must be at least 32 characters`);
    return value;
  });
/** Ports a local developer's own receivers commonly use; none of the product's (3000, 4569, 8000, 8005, 8010, 8011). */
export const DEFAULT_LOCAL_WEBHOOK_PORTS = '80,443,3001-3999,5000-5999,8080-8099,8443,9000-9999';

const FIELDS = {
  /**
   * "aws" (the default: the safe behaviour) when deployed; "local" only for the embedded runtime
   * (bin/local.ts) and the test setup, which set it themselves. "local" turns on the labelled
   * test checkout and, while bound to loopback, internal webhook targets.
   */
  RUNTIME: withDefault(oneOf(['local', 'aws']), 'aws'),
  /** Address the local runtime and its engines listen on; loopback unless chosen otherwise. */
  HOST: withDefault(string(1), '127.0.0.1'),
  AWS_REGION: withDefault(string(), 'us-east-1'),
  TABLE_NAME: withDefault(string(1), 'dental-marketplace'),
  UPLOADS_BUCKET: withDefault(string(1), 'dental-marketplace-uploads'),
  /** Endpoints of the local engines; empty in the cloud. */
  DYNAMODB_ENDPOINT: optional(url),
  S3_ENDPOINT: optional(url),
  SES_ENDPOINT: optional(url),
  SQS_ENDPOINT: optional(url),
  /** Public origin of the product, used in e-mailed links and Stripe return URLs (trailing slashes dropped). */
  APP_URL: withDefault(base, 'http://localhost:3000'),
  MAIL_FROM: withDefault(email, 'no-reply@dentalmarket.local'),
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
  JWT_KID: withDefault(string(1, 64), 'local'),
  JWT_PREVIOUS_SECRET: secret('JWT_PREVIOUS_SECRET'),
  JWT_PREVIOUS_KID: optional(string(1, 64)),
  JWT_SECRET_ARN: text(),
  /** Secrets Manager secret with JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."} (cloud). */
  STRIPE_SECRET_ARN: text(),
  /**
   * The value CloudFront sends in the X-Origin-Verify header; the API refuses requests without it,
   * so the execute-api URL cannot bypass CloudFront and its WAF. Read from ORIGIN_SECRET_ARN in
   * the cloud; unset locally (no check).
   */
  ORIGIN_VERIFY_SECRET: secret('ORIGIN_VERIFY_SECRET'),
  /**
   * The origin secret's previous value (its AWSPREVIOUS version) while a rotation overlaps: still
   * accepted until the rotation drops it (docs/runbook.md); unset otherwise.
   */
  ORIGIN_VERIFY_PREVIOUS_SECRET: secret('ORIGIN_VERIFY_PREVIOUS_SECRET'),
  ORIGIN_SECRET_ARN: text(),
  JWT_TTL_SECONDS: positive(60 * 60 * 12),
  RESET_TOKEN_TTL_SECONDS: positive(60 * 60),
  LOGIN_MAX_FAILURES: positive(5),
  LOGIN_LOCK_SECONDS: positive(15 * 60),
  /** Failed sign-ins allowed per client inside one LOGIN_LOCK_SECONDS window, across addresses. */
  LOGIN_CLIENT_MAX_FAILURES: positive(20),
  /** Password checks per address per minute from all clients together (a short back-off only). */
  LOGIN_ADDRESS_MAX_PER_MINUTE: positive(10),
  /**
   * Failed password checks per address per day (24 hours from the first) from browsers the account
   * does not know; past it only the mailed sign-in link (or a password reset) lets the owner in.
   */
  LOGIN_ADDRESS_MAX_FAILURES_PER_DAY: positive(50),
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
  /**
   * Mails one recipient gets per day from the checkout and licence delivery (guest confirmations,
   * licence mails, developers' manual completions) and from invitations; more are dropped.
   */
  MAILS_PER_RECIPIENT_PER_DAY: positive(20),
  /** Reviews written or edited per client address per day (429 with Retry-After past it). */
  REVIEWS_PER_CLIENT_PER_DAY: positive(10),
  /** How long a guest's "Create your practice account" link (in licence mails) works. */
  CLAIM_LINK_TTL_SECONDS: positive(60 * 60 * 24 * 30),
  /** How long an imported legacy account's invitation (set-password link) works. */
  INVITATION_TTL_SECONDS: positive(60 * 60 * 24 * 14),
  /** How long a free guest licence's confirmation link works. */
  GUEST_CONFIRM_TTL_SECONDS: positive(60 * 60 * 48),
  /** Verification-link lifetime. */
  VERIFY_TOKEN_TTL_SECONDS: positive(60 * 60 * 48),
  /**
   * scrypt cost as log2(N), with r=8 and p=1. The default is OWASP's minimum (N=2^17); the cloud
   * refuses less. Only test stacks that create many accounts lower it.
   */
  SCRYPT_LOG2_N: count(17, { gte: 14, lte: 20 }),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_JWKS_URL: withDefault(url, 'https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: withDefault(string(), 'https://accounts.google.com,accounts.google.com'),
  STRIPE_SECRET_KEY: text(),
  /**
   * Verifies Stripe's webhook signatures. Required with STRIPE_SECRET_KEY, and locally (where the
   * test-checkout page signs its events with it): `npm start` generates one into
   * .data/stripe-webhook-secret on first start. There is no public default.
   */
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_PUBLISHABLE_KEY: text(),
  /**
   * Lets webhooks target private/loopback addresses (and plain http, on the ports of
   * LOCAL_WEBHOOK_PORTS). On by default locally while HOST is a loopback address, off otherwise;
   * never allowed with a non-loopback HOST, and the product's own ports stay refused even then.
   */
  ALLOW_INTERNAL_WEBHOOK_TARGETS: bool,
  /**
   * Where internal webhook targets are allowed (locally): the only ports a webhook or licence
   * endpoint may use, as ports and ranges ("80,443,9000-9999"). An allow-list, so that a webhook
   * cannot reach whatever else listens on this machine; the product's own ports (the app, the
   * engines, the simulators) stay refused even when listed. In the cloud only 443 and 8443.
   */
  LOCAL_WEBHOOK_PORTS: withDefault(
    matching(
      /^\s*\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*\s*$/,
      'LOCAL_WEBHOOK_PORTS must be comma-separated ports or ranges (e.g. 443,9000-9999)',
    ),
    DEFAULT_LOCAL_WEBHOOK_PORTS,
  ),
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
  AWS_MAX_ATTEMPTS: count(3, { gte: 1, lte: 5 }),
  /** The fulfilment queue (licence delivery in the background, cloud); locally an in-process queue. */
  FULFILMENT_QUEUE_URL: text(),
  /** Webhook deliveries: only a 2xx answer within this many milliseconds is a success. */
  WEBHOOK_TIMEOUT_MS: positive(15_000, 60_000),
  /**
   * Webhook retry delays in seconds, comma-separated, replacing the default schedule
   * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h); e.g. "1,2,4" for demos.
   */
  WEBHOOK_RETRY_SCHEDULE: optional(
    matching(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds'),
  ),
  /** The outside systems the sync talks to; locally the simulators of bin/simulators/. */
  INTERNAL_SYSTEM_URL: optional(url),
  LEGACY_SYSTEM_URL: optional(url),
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
  SYNC_SCHEDULE_GROUP: withDefault(string(), 'default'),
  /** Local only: wait before a failed sync job is received again (SQS: the visibility timeout). */
  SYNC_QUEUE_RETRY_DELAY_MS: count(5000, { gte: 0 }),
  SYNC_SCHEDULER_ROLE_ARN: text(),
  LOG_LEVEL: withDefault(oneOf(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /**
   * How long a process reuses what it knows of the catalogue version before reading it again:
   * the bound within which a marketplace change made elsewhere shows in this process's answers.
   */
  CATALOGUE_VERSION_MAX_AGE_MS: count(1_000, { gte: 0, lte: 10_000 }),
  /**
   * How long the first marketplace request after a catalogue change waits for the new listing to
   * be built (a sync-queue job) before it answers from the previous one, marked not cacheable.
   */
  CATALOGUE_LISTING_WAIT_MS: count(3_000, { gte: 0, lte: 20_000 }),
  /**
   * Apps (or pool keys) one catalogue job message of the sync worker re-files (or deletes) before it
   * sends the next page's message: a category re-filing, a deleted app's key pool (core/apps/catalogue-jobs.ts).
   */
  CATALOGUE_JOB_PAGE_SIZE: count(100, { gte: 1, lte: 100 }),
  /**
   * Days an audit trail entry is kept before DynamoDB's TTL removes it. Default 2192 (six years,
   * the HIPAA documentation retention period).
   */
  AUDIT_RETENTION_DAYS: count(2192, { gte: 1, lte: 36_500 }),
  /**
   * What an audited call that answered 2xx without any table write does when its route is not in
   * AUDIT_MAY_WRITE_NOTHING (http/audit.ts): "log" (the default) writes its entry after the answer
   * and logs an error; "fail" (the test stack, local only) also answers 500, so a test that reaches
   * such a change fails instead of passing on the non-transactional path.
   */
  AUDIT_UNLISTED_NO_WRITE: withDefault(oneOf(['log', 'fail']), 'log'),
};

export type Config = { -readonly [K in keyof typeof FIELDS]: ReturnType<(typeof FIELDS)[K]> };

/** True for 127.0.0.0/8, ::1 and "localhost": addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Settings that only make sense together: [holds, variable, message], checked in this order. */
const RULES: [(c: Config) => boolean, keyof Config, string][] = [
  [
    (c) => !c.STRIPE_SECRET_KEY || !!c.STRIPE_WEBHOOK_SECRET,
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
  ],
  [
    (c) => c.RUNTIME !== 'aws' || c.AUDIT_UNLISTED_NO_WRITE === 'log',
    'AUDIT_UNLISTED_NO_WRITE',
    'AUDIT_UNLISTED_NO_WRITE=fail is for the local test stack only',
  ],
  [
    (c) => c.RUNTIME !== 'aws' || c.SCRYPT_LOG2_N >= 17,
    'SCRYPT_LOG2_N',
    'SCRYPT_LOG2_N must be at least 17 (OWASP minimum) in the cloud',
  ],
  [
    (c) => c.RUNTIME !== 'local' || !!c.JWT_SECRET,
    'JWT_SECRET',
    'JWT_SECRET is required locally (npm start generates one under .data/)',
  ],
  [
    (c) => !c.JWT_PREVIOUS_SECRET || (!!c.JWT_PREVIOUS_KID && c.JWT_PREVIOUS_KID !== c.JWT_KID),
    'JWT_PREVIOUS_KID',
    'JWT_PREVIOUS_KID is required with JWT_PREVIOUS_SECRET and must differ from JWT_KID',
  ],
  [
    (c) => c.RUNTIME !== 'local' || !!c.STRIPE_WEBHOOK_SECRET,
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_WEBHOOK_SECRET is required locally (npm start generates one under .data/)',
  ],
  [
    (c) => !(c.RUNTIME === 'local' && c.ALLOW_INTERNAL_WEBHOOK_TARGETS && !isLoopbackHost(c.HOST)),
    'ALLOW_INTERNAL_WEBHOOK_TARGETS',
    'internal webhook targets are allowed only while HOST is a loopback address',
  ],
];

/** One variable's value, or the refusal naming it. */
function readField<K extends keyof Config>(name: K, value: string | undefined): Config[K] {
  try {
    return FIELDS[name](value) as Config[K];
  } catch (err) {
    if (err instanceof Invalid) throw new Error(`Configuration error in ${name}: ${err.message}`);
    throw err;
  }
}

/** The configuration in `env`, or the first refusal: the first invalid variable, then the first broken rule. */
function parseConfig(env: Record<string, string | undefined>): Config {
  const config: Record<string, unknown> = {};
  for (const name of Object.keys(FIELDS) as (keyof Config)[]) config[name] = readField(name, env[name]);
  const checked = config as Config;
  for (const [holds, name, message] of RULES) {
    if (!holds(checked)) throw new Error(`Configuration error in ${name}: ${message}`);
  }
  return checked;
}

/**
 * Ports of the product's own local services: the app (APP_URL), the engines (DynamoDB Local, S3,
 * SES, an SQS endpoint) and the outside-system simulators. Never a webhook target, even locally
 * and even when LOCAL_WEBHOOK_PORTS lists them.
 */
export function localServicePorts(cfg: Config = getConfig()): number[] {
  const ports: number[] = [];
  const endpoints = [
    cfg.DYNAMODB_ENDPOINT,
    cfg.S3_ENDPOINT,
    cfg.SES_ENDPOINT,
    cfg.SQS_ENDPOINT,
    cfg.INTERNAL_SYSTEM_URL,
    cfg.LEGACY_SYSTEM_URL,
    cfg.RUNTIME === 'local' ? cfg.APP_URL : undefined,
  ];
  for (const endpoint of endpoints) {
    if (!endpoint) continue;
    const url = new URL(endpoint);
    ports.push(Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
  }
  return ports;
}

/** LOCAL_WEBHOOK_PORTS as ranges: "80,9000-9999" -> [[80, 80], [9000, 9999]]. */
export function localWebhookPortRanges(cfg: Config = getConfig()): Array<[number, number]> {
  return cfg.LOCAL_WEBHOOK_PORTS.split(',').map((part) => {
    const [lo, hi] = part.split('-').map((p) => Number(p.trim()));
    return [lo as number, hi ?? (lo as number)];
  });
}

/**
 * A function that serves HTTP in the cloud needs the origin-verify value (read from
 * ORIGIN_SECRET_ARN at cold start, or ORIGIN_VERIFY_SECRET): without it every request would pass the
 * origin check, so the execute-api URL would bypass CloudFront and its WAF. The group handler calls
 * this before it serves anything (workers, which serve no HTTP, do not); refused, it answers 500 and
 * logs this message, and so refuses to serve at all.
 */
export function assertHttpOriginConfigured(cfg: Config = getConfig()): void {
  if (cfg.RUNTIME === 'aws' && !cfg.ORIGIN_SECRET_ARN && !cfg.ORIGIN_VERIFY_SECRET) {
    throw new Error(
      'Configuration error in ORIGIN_SECRET_ARN: RUNTIME=aws serves HTTP only behind CloudFront and needs the origin secret (ORIGIN_SECRET_ARN or ORIGIN_VERIFY_SECRET)',
    );
  }
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
  cached = parseConfig(env);
  return cached;
}

/**
 * The scrypt cost alone (log2 N): readable without the rest of the configuration, so password
 * hashing also works where no JWT secret is configured (seeding tools, unit tests).
 */
export function scryptLog2N(): number {
  if (cached) return cached.SCRYPT_LOG2_N;
  return readField('SCRYPT_LOG2_N', process.env.SCRYPT_LOG2_N || undefined);
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
  secretValues = {};
  generation += 1;
}
