import { z } from 'zod';

/**
 * The one place that reads the environment. Validated with zod on first use; a bad value stops
 * start-up with a message naming the variable. Local defaults need no configuration at all.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  /** "local" for the embedded runtime and tests, "aws" when deployed. */
  RUNTIME: z.enum(['local', 'aws']).default('local'),
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
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
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
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Lets webhooks target private/loopback addresses. On by default locally, off in the cloud. */
  ALLOW_INTERNAL_WEBHOOK_TARGETS: bool,
  QUEUE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (env[key] === '') delete env[key];
  if (env.ALLOW_INTERNAL_WEBHOOK_TARGETS === undefined) {
    env.ALLOW_INTERNAL_WEBHOOK_TARGETS = (env.RUNTIME ?? 'local') === 'local' ? 'true' : 'false';
  }
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Configuration error in ${issue?.path.join('.') ?? 'environment'}: ${issue?.message}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
}
