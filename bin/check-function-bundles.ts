/**
 * Lambda bundle budget, run by `npm run check:bundle` (part of `npm test`): builds every function
 * the stacks deploy with the esbuild options the CDK uses (lib/bundling.ts: minified ESM, the AWS
 * SDK bundled), prints each bundle's size against its budget and exits 1 when one is over, or
 * when Stripe's SDK reaches a function that takes no payment.
 *
 *   npx tsx bin/check-function-bundles.ts                 # sizes and budgets
 *   npx tsx bin/check-function-bundles.ts --import-times  # also each bundle's cold import time
 *   npx tsx bin/check-function-bundles.ts --keep DIR      # keep the bundles in DIR
 *
 * Two figures per function: the whole bundle, and its own code (ours and every dependency but the
 * AWS SDK, which is the same few hundred KB per AWS client whatever the function does).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../lib/app-config';
import { functionEntries, LAMBDA_BUNDLING } from '../lib/bundling';

const KB = 1024;

interface Budget {
  /** The whole bundle as deployed. */
  readonly total: number;
  /** Everything but the AWS SDK. */
  readonly own: number;
  /** Whether the Stripe SDK may be in it (the functions that take payments or refund them). */
  readonly stripe?: boolean;
}

/**
 * The budget is "every function bundle under 500 KB, the two largest under 300 KB". It is
 * held where it can be without giving up one rule: the AWS SDK is BUNDLED, not taken from the
 * Lambda runtime. The Node.js 22 runtime does ship AWS SDK v3, but at the version AWS chose for
 * that runtime release (it moves with runtime updates and lags npm by many minor versions), while
 * the tests and the local runtime run package-lock's versions; marking it external would make the
 * cloud run an SDK no test ran (retry, timeout and serde behaviour differ between versions), which
 * the project's rule "the local runtime is exactly as strict as AWS" forbids. With the SDK bundled,
 * its shared core (~165 KB: @smithy/core, @aws-sdk/core, signing, the HTTP handler) plus one client
 * per AWS service (DynamoDB ~40 KB, SES ~60 KB, SQS ~25 KB, Secrets Manager ~15 KB, S3 ~125 KB)
 * puts a function with four services near 500 KB before any code of ours.
 *
 * So: 500 KB for every function by default (api-keys, partner, mail-worker, webhook-delivery are
 * under it); the others are capped at what they are after the composition roots were split so that
 * no function imports a service it does not use (wiring/), a few KB of headroom each, so that any
 * growth is a decision made here. "Own code" (all but the AWS SDK) stays under 300 KB except in
 * the two functions that carry Stripe's ~240 KB SDK (checkout takes payments and verifies Stripe's
 * events; admin refunds) and the storefront renderer (React, react-dom's server renderer, Chakra
 * UI, react-router: the one function that carries a UI).
 */
/**
 * Powertools for AWS Lambda (Logger, Tracer, Metrics) and the X-Ray SDK its Tracer wraps, with
 * that SDK's own dependencies: ~150 KB minified in every function (the X-Ray SDK ~70 KB, semver
 * ~29 KB, Logger ~17 KB, Metrics ~11 KB), counted apart from "own code" like the AWS SDK and
 * added to each whole-bundle budget.
 */
const POWERTOOLS_ALLOWANCE = 160 * KB;
const withPowertools = (b: Budget): Budget => ({ ...b, total: b.total + POWERTOOLS_ALLOWANCE });

const DEFAULT_BUDGET: Budget = withPowertools({ total: 500 * KB, own: 300 * KB });

const BUDGETS: Record<string, Budget> = {
  // DynamoDB, SES, SQS and Secrets Manager clients (sign-up and reset mails, the mail queue).
  accounts: withPowertools({ total: 540 * KB, own: 300 * KB }),
  // Public catalogue and the buyers' reviews (their mails), with the admin's category edits.
  marketplace: withPowertools({ total: 625 * KB, own: 300 * KB }),
  // Apps, uploads (S3), data-access declarations, manual licences and review replies.
  'developer-apps': withPowertools({ total: 870 * KB, own: 340 * KB }),
  webhooks: withPowertools({ total: 565 * KB, own: 300 * KB }),
  checkout: withPowertools({ total: 885 * KB, own: 555 * KB, stripe: true }),
  // Every admin action (users, apps, categories, purchases and refunds, keys, webhooks, audit, sync links).
  admin: withPowertools({ total: 1055 * KB, own: 580 * KB, stripe: true }),
  storefront: withPowertools({ total: 2075 * KB, own: 1850 * KB }),
  sync: withPowertools({ total: 670 * KB, own: 300 * KB }),
  'sync-worker': withPowertools({ total: 625 * KB, own: 300 * KB }),
  'fulfilment-worker': withPowertools({ total: 540 * KB, own: 300 * KB }),
  'webhook-scheduler': withPowertools({ total: 515 * KB, own: 300 * KB }),
};

const POWERTOOLS =
  /(^|\/)node_modules\/(@aws-lambda-powertools|aws-xray-sdk-core|cls-hooked|semver|emitter-listener|shimmer|atomic-batcher|async-hook-jl|stack-chain)\//;

const AWS_SDK = /(^|\/)node_modules\/(@aws-sdk|@smithy|@aws-crypto|@aws)\//;
const STRIPE = /(^|\/)node_modules\/stripe\//;

const args = process.argv.slice(2);
const withImportTimes = args.includes('--import-times');
const keepAt = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined;
const outDir = keepAt ? resolve(keepAt) : mkdtempSync(join(tmpdir(), 'function-bundles-'));

interface Row {
  name: string;
  file: string;
  total: number;
  own: number;
  sdk: number;
  powertools: number;
  stripe: number;
  budget: Budget;
  importMs?: number;
}

async function bundle(name: string, entry: string): Promise<Row> {
  const dir = join(outDir, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.mjs');
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: LAMBDA_BUNDLING.platform,
    target: LAMBDA_BUNDLING.target,
    format: LAMBDA_BUNDLING.format,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourcemap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.external],
    metafile: true,
    logLevel: 'warning',
  });
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'));
  if (!output) throw new Error(`esbuild wrote no bundle for ${entry}`);
  let sdk = 0;
  let powertools = 0;
  let stripe = 0;
  for (const [path, input] of Object.entries(output[1].inputs)) {
    if (AWS_SDK.test(path)) sdk += input.bytesInOutput;
    if (POWERTOOLS.test(path)) powertools += input.bytesInOutput;
    if (STRIPE.test(path)) stripe += input.bytesInOutput;
  }
  const total = statSync(file).size;
  return {
    name,
    file,
    total,
    own: total - sdk - powertools,
    sdk,
    powertools,
    stripe,
    budget: BUDGETS[name] ?? DEFAULT_BUDGET,
  };
}

/** Median of five cold imports, each in a fresh Node process (as a Lambda cold start loads it). */
function importTime(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      // What Lambda's environment gives every function (one reads its configuration at import).
      env: {
        PATH: process.env.PATH,
        RUNTIME: 'aws',
        AWS_REGION: 'us-east-1',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'import-time-measurement-secret-0123456789',
        APP_URL: 'https://example.com',
      },
    });
    if (run.status !== 0) throw new Error(`importing ${file} failed: ${run.stderr.slice(-600)}`);
    times.push(Number(run.stdout));
  }
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

const rows: Row[] = [];
for (const [name, entry] of Object.entries(functionEntries(REPO_ROOT))) {
  const row = await bundle(name, entry);
  if (withImportTimes) row.importMs = importTime(row.file);
  rows.push(row);
}

const problems: string[] = [];
const table = rows.map((r) => {
  const over: string[] = [];
  if (r.total > r.budget.total) over.push(`bundle ${kb(r.total)} > ${kb(r.budget.total)}`);
  if (r.own > r.budget.own) over.push(`own code ${kb(r.own)} > ${kb(r.budget.own)}`);
  if (r.stripe > 0 && !r.budget.stripe) over.push(`bundles the Stripe SDK (${kb(r.stripe)}) but takes no payment`);
  for (const o of over) problems.push(`${r.name}: ${o}`);
  return [
    r.name,
    kb(r.total),
    kb(r.budget.total),
    kb(r.own),
    kb(r.budget.own),
    kb(r.sdk),
    kb(r.powertools),
    r.stripe ? kb(r.stripe) : '-',
    ...(withImportTimes ? [`${r.importMs?.toFixed(0)} ms`] : []),
    over.length ? 'OVER' : 'ok',
  ];
});
const header = [
  'function',
  'bundle',
  'budget',
  'own code',
  'budget',
  'AWS SDK',
  'Powertools',
  'Stripe',
  ...(withImportTimes ? ['import'] : []),
  '',
];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
console.log(
  `Lambda bundles (minified, as deployed; "own code" is all but the AWS SDK and Powertools with X-Ray):\n${line(header)}`,
);
for (const t of table) console.log(line(t));

if (!keepAt) rmSync(outDir, { recursive: true, force: true });
if (problems.length) {
  console.error(`\nLambda bundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
