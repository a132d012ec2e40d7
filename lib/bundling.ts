/**
 * How every Lambda function is bundled (esbuild through the CDK's NodejsFunction), in one place
 * without CDK imports, so `npm run check:bundle` (bin/check-function-bundles.ts) builds exactly
 * what the cloud runs and measures it against the budgets.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_GROUPS } from '../functions/routes';

/**
 * Bundled ESM still contains CommonJS dependencies that call require() for Node built-ins;
 * this gives them one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Left out of every bundle: the AWS SDK's credential providers that the default chain reaches
 * only when no credentials are in the environment (SSO, shared ini files, credential processes,
 * web-identity token files, container and instance metadata). Lambda always sets
 * AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, so the chain stops at its first link
 * (fromEnv) and these dynamic imports never run; they cost about 70 KB in every bundle. Everything
 * else, the AWS SDK included, is bundled: the cloud runs exactly the versions the tests ran.
 */
export const UNREACHABLE_IN_LAMBDA = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
] as const;

/** The esbuild options NodejsFunction passes (lib/function-defaults.ts maps them one to one). */
export const LAMBDA_BUNDLING = {
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  external: UNREACHABLE_IN_LAMBDA,
} as const;

/**
 * Every function the stacks deploy, by name: one per route group (functions/<group>/index.ts)
 * and each worker in functions/workers/ that exports a handler. The infrastructure tests check
 * that every function of the synthesized app is in this list, so none escapes the budget.
 */
export function functionEntries(repoRoot: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const group of ROUTE_GROUPS) entries[group] = `functions/${group}/index.ts`;
  const workers = join(repoRoot, 'functions/workers');
  for (const file of readdirSync(workers).sort()) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    if (!/export (async function|const) handler\b/.test(readFileSync(join(workers, file), 'utf8'))) continue;
    entries[file.replace(/\.ts$/, '')] = `functions/workers/${file}`;
  }
  return entries;
}
