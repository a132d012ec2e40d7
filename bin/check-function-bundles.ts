/**
 * Lambda bundle budget, run by `npm run check:bundle` (part of `npm test`): builds every function
 * the stacks deploy with the esbuild options the CDK uses (lib/bundling.ts: minified ESM, the AWS
 * SDK v3 left to the SDK layer (lib/aws-sdk-layer.ts), Powertools' Logger, Metrics and Tracer to AWS's Powertools
 * layer), prints each bundle's size against its budget and exits 1 when one is over, when the AWS
 * SDK or the layer's Powertools got bundled after all, or when Stripe's SDK reaches a function
 * that takes no payment.
 *
 *   npx tsx bin/check-function-bundles.ts                 # sizes and budgets
 *   npx tsx bin/check-function-bundles.ts --import-times  # also each bundle's cold import time
 *   npx tsx bin/check-function-bundles.ts --keep DIR      # keep the bundles in DIR
 *   npx tsx bin/check-function-bundles.ts --write-sdk-layer  # rewrite lib/aws-sdk-layer/manifest.json
 *
 * Per function: the whole bundle (index.mjs as deployed, minified; the source map beside it is not
 * loaded at cold start), and the share of Powertools (what stays bundled: Parameters) and of
 * Stripe's SDK in it. Then the AWS SDK layer (lib/aws-sdk-layer.ts): the names the bundles import
 * from `@aws-sdk/*` must be exactly lib/aws-sdk-layer/manifest.json's (a missing one would fail a cold start
 * in the cloud), the layer built from it must stay within SDK_LAYER_BUDGET, and every bundle must
 * load against it in a fresh Node process (an SDK name it lacks fails the import). Import times load
 * the bundle in a fresh Node process with the AWS SDK from that layer and the Powertools layer's
 * Logger, Metrics and Tracer (with the X-Ray SDK) resolved from node_modules, as Lambda resolves
 * them from the layers: what they cost at cold start is in the figure.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { existingPath, REPO_ROOT } from '../lib/app-config';
import {
  buildSdkLayerSync,
  compareSdkImports,
  linkLayerModules,
  mergeSdkImports,
  sdkImportsOf,
  writeSdkManifest,
} from '../lib/aws-sdk-layer';
import {
  BROWSER_ONLY_MODULES,
  coldImportMs,
  functionBundling,
  functionEntries,
  lambdaEsbuildOptions,
  powertoolsLayerVersion,
  readSdkManifest,
  SDK_LAYER_MANIFEST,
} from '../lib/bundling';

const KB = 1024;

interface Budget {
  /** The whole bundle as deployed (index.mjs, minified). */
  readonly total: number;
  /** Whether the Stripe SDK may be in it (the function that takes payments and refunds them). */
  readonly stripe?: boolean;
}

/**
 * The issue's budget: "every function bundle, as built (minified), under 500 KB and the two largest
 * under 300 KB". Every function is held to what it measures plus a little headroom (a new function
 * gets the 500 KB limit), so that any growth is a decision made here; none may have a budget over
 * 500 KB.
 *
 * "The two largest under 300 KB" cannot mean the two largest bundles literally (that would put
 * every function under 300 KB and leave the 500 KB limit nothing to do); it is read as the two
 * latency-critical public functions, marketplace (the catalogue every visitor reads) and partner
 * (the Partner API). Both are under 300 KB (about 235 and 254 KB) since Powertools' Logger,
 * Metrics and Tracer with the X-Ray SDK (~145 KB in every function) come from AWS's Powertools
 * layer; what remains is zod (~100 KB, the request validation every route uses; zod/mini would
 * mean rewriting every shared schema the web app uses too), our own code and jose.
 *
 * checkout is the one function that carries Stripe's SDK (~240 KB minified: stripe-node registers
 * every API resource in its constructor, so none of it tree-shakes; the project calls Stripe and
 * verifies its signatures with the real SDK). It is held under 500 KB by serving only the routes
 * that call Stripe or stand in for it (checkout sessions, Stripe's webhook, the guest's free-licence
 * confirmation, the local test checkout, the admin's refund), while the buyer's purchases, invoices
 * and review writes are the purchases function's (routes.ts), and by bundling no more than those
 * routes use: it enqueues licence deliveries and webhook events (wiring/fulfilment-queue.ts,
 * wiring/webhook-events.ts) without the workers' code, and refunds through core/purchases/refunds.ts
 * without the rest of the purchases service.
 *
 * storefront renders the marketplace pages on the server and is held under 500 KB by bundling no
 * more than those pages use (lib/bundling.ts, STOREFRONT_BUNDLING): only the four storefront pages,
 * imported rather than import()ed (frontend/src/ssr/storefront-screens.ts: a dynamic import made
 * esbuild wrap every module it reached for lazy evaluation and keep code no page uses), with
 * react-router instead of react-router-dom, Chakra's theme without its all-recipes default config
 * and the browser-only modules left out; its four routes rather than the whole route table
 * (STOREFRONT_ROUTES), the texts of its area rather than every text (shared/messages/), no token
 * verification or audit writer (createPublicGroupHandler) and no zod (functions/config.ts). What
 * it holds (minified, 2026-11-26, ~495 KB): Chakra UI ~129 KB (its styled system, base preset,
 * tokens and the recipes in use), React DOM's server renderer ~116 KB, react-router ~39 KB (its
 * production build is no smaller), the category icons (react-icons, ~30 KB: a category may name
 * any of ~50), the pages' own code ~45 KB, the server side ~50 KB (catalogue reads with the apps
 * repository, configuration, secrets, middy), SWR, emotion, React and the like ~45 KB.
 */
const LIMIT = 500 * KB;
const DEFAULT_BUDGET: Budget = { total: LIMIT };

const BUDGETS: Record<string, Budget> = {
  // Practice accounts (issue 27): the claim links, the invitations, and the purchases repository that
  // counts a newly proven address's installations (~17 KB).
  // And the known-device cookie and the IPv6 /64 client keys (issue 30), measured 238.1 KB.
  // And the 10,000 most common breached passwords, refused where a password is chosen (issue 30): the
  // list gzipped in base64, ~50 KB (wiring/breached-passwords.ts keeps it out of admin and sync): 288.2 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 295.6 KB.
  // After the issue 26 and 30 merges (buyer+app pointers, the audit entry with the change): 297.6 KB.
  accounts: { total: 299 * KB },
  // The paged listing read from its stored chunks, reviews by proven practices (issues 26, 27): 245.6 KB.
  // And App Management's counters moved with each app write (issue 26): 252.1 KB.
  // And the audit entry written with the change, the category counters (issues 26, 30): 254.2 KB.
  marketplace: { total: 256 * KB },
  // The 100-app cap, category counters, one upload per presign and its image rewrite (issues 27, 30): 314.2 KB.
  // My Apps' installs of an app (issue 28): the installs' reader and the reviewed declarations: 327.3 KB.
  // And paged analytics with the totals from the sales counters (issue 26): 333.3 KB.
  // A completed manual licence's mail with the install's access link (issue 28): 334.4 KB.
  // A deleted app's key pool asked of the sync worker, the pool view's bounded reads (issue 26): 336.1 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 338.5 KB.
  // My Purchases paged across buyer ids and the buyer+app licence check (issue 26): 336.3 KB.
  'developer-apps': { total: 344 * KB },
  // Audited calls that write nothing are refused on listed routes only (issue 30, AUDIT_MAY_WRITE_NOTHING): 201.0 KB.
  'api-keys': { total: 202 * KB },
  // Installs (issue 28): the install service's access links and events: 250.1 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 255.4 KB.
  // Breakers per invocation (platform/invocation.ts): 257.0 KB.
  // Audited calls that write nothing are refused on listed routes only (issue 30, AUDIT_MAY_WRITE_NOTHING): 258.4 KB.
  webhooks: { total: 259 * KB },
  // Stripe's SDK is ~240 KB of it (see above).
  // Checkout reads apps through marketplaceReads, not the whole repository: 489.0 KB (was 500.3).
  checkout: { total: 500 * KB, stripe: true },
  // Installs (issue 28): the buyer's grant and revoke are audited (the audit trail's writer) and tell the
  // developer through the webhook delivery queue (the fan-out): 269.0 KB.
  // And paged analytics with the totals from the sales counters (issue 26): 275.5 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 279.3 KB.
  // Paged admin lists with sales counters, invitations, the per-developer quota (issues 26, 27, 30): 342.7 KB.
  // And App Management's cursor pages with search (issue 26), installs (issue 28): 351.8 KB.
  // A completed manual licence's mail with the install's access link (issue 28): 359.0 KB.
  // System Logs walks the delivery logs' day partitions (issue 26): 361.1 KB.
  // Category re-filing and key-pool deletion asked of the sync worker (issue 26): 361.2 KB.
  // And the capped unpaged App Management list (issue 26): 363.2 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 363.6 KB.
  // All of the above together after the merge: 366.7 KB.
  // My Purchases paged across buyer ids and the buyer+app licence check (issue 26): 277.5 KB.
  // My Purchases paged across buyer ids and the buyer+app licence check (issue 26): 361.5 KB.
  purchases: { total: 370 * KB },
  // legacy_users mails each new account its invitation (per-recipient cap): ~1 KB.
  // Run pointers, hourly poll summaries and their paged history (issue 26): 277.5 KB.
  // The legacy cursor's reset and its behind-check (issue 27), installs in the routing (issue 28): 285.7 KB.
  // The catalogue's capacity rule and the delivery logs' day partitions (issue 26): 293.9 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 295.8 KB.
  // The sync worker's installations count of a proven address, a page per message (issue 26): 301.0 KB.
  // The mails' links from one tokenLink/siteUrl and the catalogue's comparison from one sortedValue in shared/ (issue 25): 303.1 KB.
  sync: { total: 304 * KB },
  // The per-developer daily quota in one write (issue 30): 265.0 KB.
  // GET /v1/installs (issue 28): the installs' reader and the declarations it compares against: 275.5 KB.
  // The installs' service also opens the licence mail's access links, /docs on installs (issue 28): 282.8 KB.
  // And the analytics paging query in shared/schemas/checkout.ts (issue 26): 285.4 KB.
  // And the category counters moved with each app write (issue 26): 287.0 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 287.7 KB.
  // My Purchases paged across buyer ids and the buyer+app licence check (issue 26): 287.1 KB.
  // The developer's pending manual licences paged on GSI4 (issue 26), the purchase writes keep its keys: 289.2 KB.
  partner: { total: 290 * KB },
  // The server-rendered storefront pages (see above).
  storefront: { total: 500 * KB },
  // The API's authorizer (the origin header, before any route function): config, secrets, no zod.
  'origin-authorizer': { total: 25 * KB },
  // A delivered licence creates the buyer's install (issue 28): 221.1 KB.
  // The licence mail's access link to see and revoke an app's access (issue 28): 225.1 KB.
  // After the issue 26 and 30 merges (buyer+app pointers, the audit scope in dynamo.ts): 231.1 KB.
  // The SDK imported under the SDK layer's package names (`@aws-sdk-layer/*`, 6 bytes more per import): 232.0 KB.
  'fulfilment-worker': { total: 233 * KB },
  'mail-worker': { total: 25 * KB },
  // The outside systems' API keys are read through Powertools Parameters with a max age, like every
  // secret (functions/secrets.ts), so a replaced key needs no cold start: ~8 KB.
  // And the legacy invitations (see sync): ~2 KB.
  // And the marketplace listing's builds (issue 26): 242.7 KB.
  // And the installs' consent in the event routing (issue 28), the reviewed declaration: 250.0 KB.
  // The catalogue's capacity rule and the delivery logs' day partitions (issue 26): 257.9 KB.
  // And the catalogue jobs: a category's re-filing and a deleted app's key pool, in pages (issue 26): 258.5 KB.
  // The audit entry written with the change (issue 30): dynamo.ts lifts a write into a transaction with it: 257.4 KB.
  // The installations count of a proven address, a page per message (issue 26): the buyer ids' pages and
  // the counted mark's transaction, without the rest of the purchases repository: 269.2 KB.
  'sync-worker': { total: 271 * KB },
  // App Management's counters moved with each app write (issue 26): 180.8 KB.
  // And the delivery logs' day partitions, the category counters (issue 26): 182.2 KB.
  // The webhook-disabled mail moved to webhooks/webhook-mails.ts, a function of its own (issue 25): 184.03 KB.
  'webhook-delivery': { total: 185 * KB },
  // The per-recipient mail cap of manual-licence reminders: 192.4 KB.
  // And the manual licences' paged admin list in the same module (issue 26): 199.0 KB.
  // The manual licences' module brings the install access link's writer (issue 28): 202.3 KB.
  // And the delivery logs' day partitions, the category counters (issue 26): 204.1 KB.
  // The audit entry carried by one write at a time (issue 30): 206.1 KB.
  'webhook-scheduler': { total: 207 * KB },
};

/**
 * The AWS SDK layer every function loads its SDK clients from: the union of what the functions
 * import (DynamoDB with its document client, S3, SES v2, SQS, EventBridge Scheduler, Secrets
 * Manager) with the SDK's shared core, minified (2026-11-29: 626.4 KB in all). A function loads only
 * its clients' modules and the chunks they share (marketplace ~330 KB of it). Only the credential
 * providers Lambda never uses (SSO, STS, process, INI files) are in chunks that load on demand.
 */
const SDK_LAYER_BUDGET = 640 * KB;

/** The latency-critical public functions, held to 300 KB (see above). */
const FAST_LIMIT = 300 * KB;
const LATENCY_CRITICAL = new Set(['marketplace', 'partner']);

const POWERTOOLS =
  /(^|\/)node_modules\/(@aws-lambda-powertools|aws-xray-sdk-core|cls-hooked|semver|emitter-listener|shimmer|atomic-batcher|async-hook-jl|stack-chain)\//;

/** What lib/bundling.ts leaves to the SDK layer and the Powertools layer; none of it may be bundled. */
const AWS_SDK = /(^|\/)node_modules\/@aws-sdk\//;
const LAYER = /(^|\/)node_modules\/(@aws-lambda-powertools\/(logger|metrics|tracer)|aws-xray-sdk-core)\//;
const STRIPE = /(^|\/)node_modules\/stripe\//;

const args = process.argv.slice(2);
const withImportTimes = args.includes('--import-times');
const writeSdkLayer = args.includes('--write-sdk-layer');
const keepAt = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined;
const outDir = keepAt ? resolve(keepAt) : mkdtempSync(join(tmpdir(), 'function-bundles-'));

interface Row {
  name: string;
  file: string;
  total: number;
  sdk: number;
  powertools: number;
  stripe: number;
  budget: Budget;
  /** Imports the bundle leaves to the runtime, as written (`import()` of a browser-only module). */
  externals: Set<string>;
  importMs?: number;
}

const webBuild = existingPath('frontend/dist');

async function bundle(name: string, entry: string): Promise<Row> {
  const dir = join(outDir, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.mjs');
  // The storefront gets the web build compiled in, as lib/api.ts gives it (when there is a build).
  const own = functionBundling(name, webBuild);
  const result = await build({
    ...lambdaEsbuildOptions(REPO_ROOT, entry, file, own),
    metafile: true,
    logLevel: 'warning',
  });
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'));
  if (!output) throw new Error(`esbuild wrote no bundle for ${entry}`);
  let sdk = 0;
  let powertools = 0;
  let stripe = 0;
  for (const [path, input] of Object.entries(output[1].inputs)) {
    if (AWS_SDK.test(path) || LAYER.test(path)) sdk += input.bytesInOutput;
    if (POWERTOOLS.test(path)) powertools += input.bytesInOutput;
    if (STRIPE.test(path)) stripe += input.bytesInOutput;
  }
  return {
    name,
    file,
    total: statSync(file).size,
    sdk,
    powertools,
    stripe,
    budget: BUDGETS[name] ?? DEFAULT_BUDGET,
    externals: new Set(output[1].imports.filter((i) => i.external).map((i) => i.path)),
  };
}

/**
 * Median of five cold imports, each in a fresh Node process (as a Lambda cold start loads it). The
 * bundles' directory has a node_modules that resolves `@aws-sdk/*` to the SDK layer built here and
 * the rest (Powertools) to the repository's, as Lambda resolves them from the two layers.
 */
function importTime(file: string): number {
  const times = Array.from({ length: 5 }, () => coldImportMs(file));
  return times.sort((x, y) => x - y)[2] ?? Number.NaN;
}

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

mkdirSync(outDir, { recursive: true });
// Throws when Logger, Metrics and Tracer are not one version (one layer serves them).
const layerVersion = powertoolsLayerVersion(REPO_ROOT);
const rows: Row[] = [];
for (const [name, entry] of Object.entries(functionEntries(REPO_ROOT))) rows.push(await bundle(name, entry));

const problems: string[] = [];

// The SDK layer: exactly the names the bundles import, within its budget.
const used = mergeSdkImports(rows.map((r) => sdkImportsOf(readFileSync(r.file, 'utf8'))));
if (writeSdkLayer) writeSdkManifest(REPO_ROOT, used);
const { missing, unused } = compareSdkImports(readSdkManifest(REPO_ROOT), used);
for (const m of missing)
  problems.push(`SDK layer: ${SDK_LAYER_MANIFEST} lacks ${m}, which a function imports (--write-sdk-layer)`);
for (const u of unused)
  problems.push(`SDK layer: ${SDK_LAYER_MANIFEST} lists ${u}, which no function imports (--write-sdk-layer)`);
const layerDir = join(outDir, 'aws-sdk-layer');
const layerBytes = buildSdkLayerSync(REPO_ROOT, layerDir);
if (layerBytes > SDK_LAYER_BUDGET) problems.push(`SDK layer: ${kb(layerBytes)} > ${kb(SDK_LAYER_BUDGET)}`);

// Every bundle imported as Lambda would at a cold start, against the layer: an SDK name the layer
// lacks fails the import ("does not provide an export named").
if (!existsSync(join(outDir, 'node_modules'))) linkLayerModules(REPO_ROOT, layerDir, join(outDir, 'node_modules'));
for (const row of rows) {
  try {
    row.importMs = withImportTimes ? importTime(row.file) : coldImportMs(row.file);
  } catch (error) {
    const message = (error as Error).message;
    problems.push(`${row.name}: does not load with the SDK layer: ${message.match(/\w*Error: .*/)?.[0] ?? message}`);
  }
}

const table = rows.map((r) => {
  const over: string[] = [];
  if (r.total > r.budget.total) over.push(`bundle ${kb(r.total)} > ${kb(r.budget.total)}`);
  if (r.budget.total > LIMIT) over.push(`budget over ${kb(LIMIT)}`);
  if (LATENCY_CRITICAL.has(r.name) && r.budget.total > FAST_LIMIT) over.push(`budget over ${kb(FAST_LIMIT)}`);
  if (r.sdk > 0) over.push(`bundles ${kb(r.sdk)} of the AWS SDK or Powertools, which the layers provide`);
  if (r.stripe > 0 && !r.budget.stripe) over.push(`bundles the Stripe SDK (${kb(r.stripe)}) but takes no payment`);
  if (r.name === 'storefront') {
    // Each one a module the renderer still imports, or the list in lib/bundling.ts is stale.
    for (const m of BROWSER_ONLY_MODULES) if (!r.externals.has(m)) over.push(`imports no browser-only module ${m}`);
  }
  for (const o of over) problems.push(`${r.name}: ${o}`);
  return [
    r.name,
    kb(r.total),
    kb(r.budget.total),
    kb(r.powertools),
    r.stripe ? kb(r.stripe) : '-',
    ...(withImportTimes ? [`${r.importMs?.toFixed(0)} ms`] : []),
    over.length ? 'OVER' : 'ok',
  ];
});
const header = ['function', 'bundle', 'budget', 'Powertools', 'Stripe', ...(withImportTimes ? ['import'] : []), ''];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
console.log(
  `Lambda bundles (index.mjs, minified, as deployed; the AWS SDK v3 comes from the SDK layer, Powertools ${layerVersion} from its layer; limit ${kb(LIMIT)}):\n${line(header)}`,
);
for (const t of table) console.log(line(t));
console.log(`AWS SDK layer (lib/aws-sdk-layer.ts): ${kb(layerBytes)} of ${kb(SDK_LAYER_BUDGET)}`);

if (!keepAt) rmSync(outDir, { recursive: true, force: true });
if (problems.length) {
  console.error(`\nLambda bundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
