import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Construct } from 'constructs';

/** The repository root: the CDK app bundles functions/ and deploys frontend/dist from here. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Deployment settings, read once from CDK context (cdk.json, or `cdk synth -c key=value`).
 * Every value has a default so `cdk synth` works on a fresh clone without configuration.
 */
export interface AppConfig {
  /** Prefix of the stack names, e.g. DentalMarketplace-Data and DentalMarketplace-App. */
  readonly appName: string;
  /** Sender of every e-mail; its address or domain must be a verified SES identity. */
  readonly mailFrom: string;
  /** The mail domain (default: mailFrom's domain): its SES domain identity signs with Easy DKIM. */
  readonly mailDomain: string;
  /**
   * Create the SES domain identity of mailDomain with Easy DKIM (the stack outputs the three DKIM
   * CNAME records to publish). false when the domain is verified in SES already.
   */
  readonly createMailIdentity: boolean;
  /** Public origin of the product; defaults to https://<the CloudFront domain>. */
  readonly appUrl?: string;
  /** Custom domain of the site and the ACM certificate for it (the certificate must be in us-east-1). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * An existing AWS WAF web ACL (CLOUDFRONT scope) to attach to the distribution instead of the
   * one the stack creates (lib/waf.ts).
   */
  readonly webAclArn?: string;
  /** Where `npm run build:web` writes the SPA; deployed only when it exists. */
  readonly siteBuildPath: string;
  readonly logRetentionDays: number;
  readonly accessLogRetentionDays: number;
  /** HTTP API stage throttling (requests per second, steady and burst). */
  readonly apiRateLimit: number;
  readonly apiBurstLimit: number;
  /** Public values handed to the functions (and from /api/config to the SPA). */
  readonly googleClientId?: string;
  readonly stripePublishableKey?: string;
  /**
   * Name of an existing Secrets Manager secret holding JSON {"secretKey": "sk_...",
   * "webhookSecret": "whsec_..."}. Without it the stack creates an empty one (output
   * StripeSecretArn) for the operator to fill; payments answer 503 until then.
   */
  readonly stripeSecretName?: string;
  /**
   * Base URLs of the outside systems the sync talks to: the internal practice system's
   * catalogue API and the legacy developer portal. Without them sync runs end failed with
   * "... is not configured". Their API keys live in Secrets Manager (lib/sync.ts).
   */
  readonly internalSystemUrl?: string;
  readonly legacySystemUrl?: string;
  /**
   * At most this many invocations of each SQS worker at once (context webhookWorkerConcurrency,
   * fulfilmentWorkerConcurrency, syncWorkerConcurrency, mailWorkerConcurrency; default 2, right
   * for a new account's Lambda quota of 10). Raise after the quota increase (docs/runbook.md):
   * webhook delivery first, it drains ~1.3 deliveries/s per invocation when endpoints time out.
   */
  readonly workerConcurrency: WorkerConcurrency;
  /**
   * Any new value (context originSecretNonce, e.g. the rotation's timestamp) makes CloudFormation
   * update the distribution, which re-reads the origin secret into its origin header: the step of
   * the origin secret rotation (bin/rotate-origin-secret.ts) that switches CloudFront to the new value.
   */
  readonly originSecretNonce?: string;
}

export interface WorkerConcurrency {
  readonly webhookDelivery: number;
  readonly fulfilment: number;
  readonly sync: number;
  readonly mail: number;
}

/** The context key of each worker's concurrency (cdk deploy -c <key>=<n>). */
export const WORKER_CONCURRENCY_CONTEXT: Record<keyof WorkerConcurrency, string> = {
  webhookDelivery: 'webhookWorkerConcurrency',
  fulfilment: 'fulfilmentWorkerConcurrency',
  sync: 'syncWorkerConcurrency',
  mail: 'mailWorkerConcurrency',
};

/**
 * Every context key that shapes what the app stack deploys (readAppConfig's and the Powertools
 * layer override; not the account and region, which come from the credentials, nor
 * originSecretNonce). The stack records their digest (deployContextDigest) on the origin secret,
 * so the rotation script (bin/rotate-origin-secret.ts) can refuse a deploy whose context differs
 * from the deployed one: a forgotten `-c domainName=...` would otherwise take the custom domain,
 * the certificate or the web ACL off production.
 */
export const DEPLOY_CONTEXT_KEYS = [
  'appName',
  'mailFrom',
  'mailDomain',
  'createMailIdentity',
  'appUrl',
  'domainName',
  'certificateArn',
  'webAclArn',
  'siteBuildPath',
  'logRetentionDays',
  'accessLogRetentionDays',
  'apiRateLimit',
  'apiBurstLimit',
  'googleClientId',
  'stripePublishableKey',
  'stripeSecretName',
  'internalSystemUrl',
  'legacySystemUrl',
  'webhookWorkerConcurrency',
  'fulfilmentWorkerConcurrency',
  'syncWorkerConcurrency',
  'mailWorkerConcurrency',
  'powertoolsLayerArn',
] as const;

/** The tag of the origin secret that holds the deployed context's digest. */
export const DEPLOY_CONTEXT_TAG = 'deploy-context-sha256';

/**
 * A digest of the deploy context (DEPLOY_CONTEXT_KEYS as `get` finds them; unset, null and empty
 * are alike, as readAppConfig reads them), the same whether `get` is the CDK app's context or the
 * rotation script's reading of cdk.json, cdk.context.json and `-c` arguments.
 */
export function deployContextDigest(get: (key: string) => unknown): string {
  const set = DEPLOY_CONTEXT_KEYS.flatMap((key) => {
    const value = get(key);
    return value === undefined || value === null || value === '' ? [] : [[key, String(value)]];
  });
  return createHash('sha256').update(JSON.stringify(set)).digest('hex');
}

export const DEFAULT_CONFIG: AppConfig = {
  appName: 'DentalMarketplace',
  mailFrom: 'no-reply@example.com',
  mailDomain: 'example.com',
  createMailIdentity: true,
  siteBuildPath: 'frontend/dist',
  logRetentionDays: 365,
  accessLogRetentionDays: 365,
  apiRateLimit: 200,
  apiBurstLimit: 400,
  workerConcurrency: { webhookDelivery: 2, fulfilment: 2, sync: 2, mail: 2 },
};

function text(scope: Construct, key: string): string | undefined {
  const value = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

function flag(scope: Construct, key: string, fallback: boolean): boolean {
  const value = text(scope, key);
  return value === undefined ? fallback : value === 'true';
}

function count(scope: Construct, key: string, fallback: number): number {
  const value = text(scope, key);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Context ${key} must be a positive integer, got "${value}"`);
  return n;
}

const mailFromDomain = (address: string): string => address.split('@')[1] ?? '';

export function readAppConfig(scope: Construct): AppConfig {
  const d = DEFAULT_CONFIG;
  const config: AppConfig = {
    appName: text(scope, 'appName') ?? d.appName,
    mailFrom: text(scope, 'mailFrom') ?? d.mailFrom,
    mailDomain: (text(scope, 'mailDomain') ?? mailFromDomain(text(scope, 'mailFrom') ?? d.mailFrom)).toLowerCase(),
    createMailIdentity: flag(scope, 'createMailIdentity', d.createMailIdentity),
    appUrl: text(scope, 'appUrl'),
    domainName: text(scope, 'domainName'),
    certificateArn: text(scope, 'certificateArn'),
    webAclArn: text(scope, 'webAclArn'),
    siteBuildPath: text(scope, 'siteBuildPath') ?? d.siteBuildPath,
    logRetentionDays: count(scope, 'logRetentionDays', d.logRetentionDays),
    accessLogRetentionDays: count(scope, 'accessLogRetentionDays', d.accessLogRetentionDays),
    apiRateLimit: count(scope, 'apiRateLimit', d.apiRateLimit),
    apiBurstLimit: count(scope, 'apiBurstLimit', d.apiBurstLimit),
    googleClientId: text(scope, 'googleClientId'),
    stripePublishableKey: text(scope, 'stripePublishableKey'),
    stripeSecretName: text(scope, 'stripeSecretName'),
    internalSystemUrl: text(scope, 'internalSystemUrl'),
    legacySystemUrl: text(scope, 'legacySystemUrl'),
    workerConcurrency: {
      webhookDelivery: count(scope, WORKER_CONCURRENCY_CONTEXT.webhookDelivery, d.workerConcurrency.webhookDelivery),
      fulfilment: count(scope, WORKER_CONCURRENCY_CONTEXT.fulfilment, d.workerConcurrency.fulfilment),
      sync: count(scope, WORKER_CONCURRENCY_CONTEXT.sync, d.workerConcurrency.sync),
      mail: count(scope, WORKER_CONCURRENCY_CONTEXT.mail, d.workerConcurrency.mail),
    },
    originSecretNonce: text(scope, 'originSecretNonce'),
  };
  for (const [key, n] of Object.entries(config.workerConcurrency)) {
    // An SQS event source's maximum concurrency is 2 to 1000.
    if (n < 2 || n > 1000) {
      throw new Error(
        `Context ${WORKER_CONCURRENCY_CONTEXT[key as keyof WorkerConcurrency]} must be 2 to 1000, got ${n}`,
      );
    }
  }
  for (const key of ['internalSystemUrl', 'legacySystemUrl'] as const) {
    const url = config[key];
    if (url !== undefined && !/^https:\/\/[^\s/]+/.test(url)) {
      throw new Error(`Context ${key} must be an https:// URL, got "${url}"`);
    }
  }
  if (text(scope, 'jwtSecretInEnvironment') !== undefined) {
    throw new Error(
      'Context jwtSecretInEnvironment is gone: the functions read the JWT key from Secrets Manager at cold start',
    );
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.mailFrom)) {
    throw new Error(`Context mailFrom must be an e-mail address, got "${config.mailFrom}"`);
  }
  const { mailDomain } = config;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(mailDomain)) {
    throw new Error(`Context mailDomain must be a domain name, got "${mailDomain}"`);
  }
  if (
    !config.mailFrom.toLowerCase().endsWith(`@${mailDomain}`) &&
    !config.mailFrom.toLowerCase().endsWith(`.${mailDomain}`)
  ) {
    throw new Error(`Context mailFrom (${config.mailFrom}) must be an address of mailDomain (${mailDomain})`);
  }
  if (Boolean(config.domainName) !== Boolean(config.certificateArn)) {
    throw new Error('Context domainName and certificateArn must be given together');
  }
  return config;
}

/** An absolute path for a path relative to the repository root; undefined when it does not exist. */
export function existingPath(path: string): string | undefined {
  const full = isAbsolute(path) ? path : resolve(REPO_ROOT, path);
  return existsSync(full) ? full : undefined;
}
