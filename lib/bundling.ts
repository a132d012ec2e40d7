/**
 * How every Lambda function is bundled (esbuild through the CDK's NodejsFunction), in one place
 * without CDK imports, so `npm run check:bundle` (bin/check-function-bundles.ts) builds exactly
 * what the cloud runs and measures it against the budgets.
 */

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { ROUTE_GROUPS } from '../functions/routes';
import { readStorefrontAssets } from '../functions/storefront/assets';

/**
 * Bundled ESM still contains CommonJS dependencies that call require() for Node built-ins;
 * this gives them one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Left out of every bundle: the AWS SDK for JavaScript v3, which every function loads from the
 * project's AWS SDK layer (lib/aws-sdk-layer.ts): package-lock's SDK, only the clients and commands
 * the functions import, minified, one module per client with shared chunks. Each `@aws-sdk/<pkg>`
 * import is rewritten to `@aws-sdk-layer/<pkg>` (sdkLayerAlias), the layer's own package names,
 * so that no other copy in /opt/nodejs/node_modules can shadow it: AWS's Powertools layer carries
 * full copies of client-dynamodb and client-secrets-manager there, and Lambda lets the last layer
 * extracted win a path both have. The local runtime and the tests import `@aws-sdk/*` from
 * node_modules, the same version the layer is built from.
 *
 * Chosen on cold-start init time (`npm run measure:cold-start`, docs/performance.md): the layer
 * loads as fast as the SDK bundled into each function and about twice as fast as the runtime's
 * copy (every command of every client, unminified, over dozens of packages), while each bundle
 * stays as small as with the runtime's (bundling the SDK adds 350-600 KB to every function, over
 * the 500 KB budget). An `@aws-sdk/*` import the layer lacks stays external and would load the
 * runtime's copy; `npm run check:bundle` fails on it (lib/aws-sdk-layer/manifest.json).
 */
export const AWS_SDK_EXTERNAL = ['@aws-sdk/*', '@aws-sdk-layer/*'] as const;

/** The package scope of the AWS SDK layer's modules (lib/aws-sdk-layer.ts). */
export const SDK_LAYER_SCOPE = '@aws-sdk-layer';

/** The AWS SDK layer's list: package name → the names the functions import from it. */
export type SdkImports = Record<string, readonly string[]>;

/** Where that list is, relative to the repository root (`check:bundle --write-sdk-layer` writes it). */
export const SDK_LAYER_MANIFEST = 'lib/aws-sdk-layer/manifest.json';

export function readSdkManifest(repoRoot: string): SdkImports {
  return JSON.parse(readFileSync(join(repoRoot, SDK_LAYER_MANIFEST), 'utf8')) as SdkImports;
}

/** The layer's name for an SDK package: `@aws-sdk/client-sqs` → `@aws-sdk-layer/client-sqs`. */
export const layerPackage = (pkg: string): string => pkg.replace(/^@aws-sdk\//, `${SDK_LAYER_SCOPE}/`);

/** esbuild `alias`: every SDK package the layer holds, to the layer's module of it. */
export function sdkLayerAlias(repoRoot: string): Record<string, string> {
  return Object.fromEntries(Object.keys(readSdkManifest(repoRoot)).map((pkg) => [pkg, layerPackage(pkg)]));
}

/**
 * Left out of every bundle too: Powertools' Logger, Metrics and Tracer (with the X-Ray SDK the
 * Tracer brings, ~145 KB minified in every function), which come from AWS's own Powertools for AWS
 * Lambda (TypeScript) layer (lib/function-defaults.ts adds it to every function). The layer is the
 * one published for exactly the version package-lock.json installs (POWERTOOLS_LAYER_VERSION,
 * read from the installed logger; check:bundle fails when Logger, Metrics and Tracer differ), so
 * the tests run what the cloud runs. Parameters stays bundled: its installed version is not the
 * layer's (it pins an older Powertools core), and it is ~6 KB. Cold imports with Powertools
 * from the layer (resolved from node_modules) against bundled, same run as the figures below:
 * marketplace 3,087 against 3,119 ms, partner 2,931 against 3,131 ms, admin 4,329 against
 * 4,421 ms, storefront 3,618 against 3,591 ms: no slower, ~145 KB smaller.
 */
export const POWERTOOLS_FROM_LAYER = [
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
] as const;

/** The Powertools version whose layer the functions get: the installed Logger's, as the lock file has it. */
export function powertoolsLayerVersion(repoRoot: string): string {
  const versionOf = (pkg: string): string =>
    (JSON.parse(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
      .version;
  const versions = new Set(POWERTOOLS_FROM_LAYER.map(versionOf));
  if (versions.size !== 1) {
    throw new Error(`Powertools from the layer must be one version (one layer), found ${[...versions].join(', ')}`);
  }
  return [...versions][0] as string;
}

/**
 * The SSM public parameter AWS publishes each Powertools for AWS Lambda (TypeScript) layer's ARN
 * under, per region and version (docs.aws.amazon.com/powertools/typescript, "Lambda layers").
 */
export const powertoolsLayerParameter = (version: string): string =>
  `/aws/service/powertools/typescript/generic/all/${version}`;

/**
 * Compiled into every bundle: the production builds of the libraries that ship two (React and
 * React DOM choose at run time by NODE_ENV, which Lambda does not set, so without this the
 * storefront bundled both React DOM server builds and ran the development one, ~215 KB more and
 * slower), with their development-only checks removed.
 */
export const PRODUCTION_DEFINE = { 'process.env.NODE_ENV': '"production"' } as const;

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
  external: [...AWS_SDK_EXTERNAL, ...POWERTOOLS_FROM_LAYER],
  define: PRODUCTION_DEFINE,
} as const;

/** What one function's build adds to LAMBDA_BUNDLING (lib/function-defaults.ts passes it to the CDK). */
export interface FunctionBundling {
  /** Build-time constants. */
  readonly define?: Record<string, string>;
  /** Packages replaced by others (esbuild `alias`). */
  readonly alias?: Record<string, string>;
  /** Imports left out of the bundle, as written in the source (esbuild `external`). */
  readonly external?: readonly string[];
}

/**
 * The modules the web app loads on demand in the browser only, which the storefront's server
 * renderer never renders: the signed-in visitor's account and mobile menus, the toaster, the
 * checkout modal (opened by a click), the reviews and permissions sections (ClientOnly, after
 * hydration), and the recipes those bring (with-all-recipes.ts). A single-file bundle would inline
 * every `import()` (~220 KB); these stay `import()`s of files the Lambda does not have. Should the
 * server ever render one, that part fails and the page falls back to the SPA (pages.ts, logged).
 * Written as the source imports them; check:bundle fails when one is no longer imported (renamed).
 */
export const BROWSER_ONLY_MODULES = [
  './account-menu',
  './marketplace-mobile-menu',
  './toaster-view',
  './all-recipes',
  '@/features/checkout/components/checkout-modal',
  '@/components/permissions/components/permissions-section',
  '@/features/marketplace/components/reviews/reviews-section',
] as const;

/**
 * The storefront renderer's additions: react-router-dom is react-router's own API plus the browser
 * routers (react-router/dom), whose import keeps ~165 KB of react-router that a <StaticRouter>
 * never runs; the server takes the same components from react-router itself. Chakra's theme
 * comes from frontend/src/ssr/chakra-theme.js: its exports but for the all-recipes default config,
 * whose top-level call in Chakra's own index kept every recipe (~110 KB) in the bundle. And the
 * browser-only modules above. (An alias's replacement path is resolved from the repository root, where the CDK runs
 * esbuild too.)
 */
export const STOREFRONT_BUNDLING = {
  alias: { 'react-router-dom': 'react-router', '@chakra-ui/react/theme': './frontend/src/ssr/chakra-theme.js' },
  external: BROWSER_ONLY_MODULES,
} as const satisfies FunctionBundling;

/**
 * A function's own build options: the storefront's, with the web build compiled in (`distDir`,
 * storefrontDefine) when there is one; nothing for the others.
 */
export function functionBundling(name: string, distDir: string | undefined): FunctionBundling | undefined {
  if (name !== 'storefront') return undefined;
  return { ...STOREFRONT_BUNDLING, define: storefrontDefine(distDir) };
}

/** LAMBDA_BUNDLING's settings in esbuild's own form that every Lambda-side build shares: the functions (below) and the AWS SDK layer (lib/aws-sdk-layer.ts). */
export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: LAMBDA_BUNDLING.platform,
  target: LAMBDA_BUNDLING.target,
  format: LAMBDA_BUNDLING.format,
  mainFields: [...LAMBDA_BUNDLING.mainFields],
  banner: { js: LAMBDA_BUNDLING.banner },
  minify: LAMBDA_BUNDLING.minify,
} satisfies BuildOptions;

/**
 * The same options in esbuild's own form, for building a function outside the CDK
 * (`npm run check:bundle`): what the CDK runs for `entry`, written to `outfile`.
 */
export function lambdaEsbuildOptions(
  repoRoot: string,
  entry: string,
  outfile: string,
  own: FunctionBundling = {},
): BuildOptions {
  return {
    absWorkingDir: repoRoot,
    entryPoints: [entry],
    outfile,
    ...LAMBDA_ESBUILD,
    sourcemap: LAMBDA_BUNDLING.sourcemap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.external, ...(own.external ?? [])],
    define: { ...LAMBDA_BUNDLING.define, ...own.define },
    alias: { ...sdkLayerAlias(repoRoot), ...own.alias },
  };
}

/**
 * The storefront function's build-time constant: the web build's index.html and module preloads
 * (functions/storefront/assets.ts), compiled in. Undefined without a web build in `distDir`.
 */
export function storefrontDefine(distDir: string | undefined): Record<string, string> | undefined {
  const assets = distDir ? readStorefrontAssets(distDir) : undefined;
  return assets ? { __STOREFRONT_ASSETS__: JSON.stringify(JSON.stringify(assets)) } : undefined;
}

/**
 * Every function the stacks deploy, by name: one per route group (functions/<group>/index.ts)
 * and each worker in functions/workers/ that exports a handler. The infrastructure tests check
 * that every function of the synthesized app is in this list, so none escapes the budget.
 */
export function functionEntries(repoRoot: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const group of ROUTE_GROUPS) entries[group] = `functions/${group}/index.ts`;
  // The HTTP API's authorizer (lib/api.ts): the origin header, before any route function runs.
  entries['origin-authorizer'] = 'functions/http/origin-authorizer.ts';
  const workers = join(repoRoot, 'functions/workers');
  for (const file of readdirSync(workers).sort()) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    if (!/export (async function|const) handler\b/.test(readFileSync(join(workers, file), 'utf8'))) continue;
    entries[file.replace(/\.ts$/, '')] = `functions/workers/${file}`;
  }
  return entries;
}

/**
 * A cold import of a built bundle, as the measurement scripts take it (check:bundle --import-times,
 * measure:cold-start): a fresh Node process with what Lambda's environment gives every function
 * (one reads its configuration at import); answers the import's milliseconds.
 */
export function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
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
  return Number(run.stdout);
}
