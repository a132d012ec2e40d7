/**
 * The AWS SDK for JavaScript v3 as the functions load it in the cloud: one Lambda layer of the
 * SDK clients the functions import, built at synth time from package-lock's SDK by esbuild
 * (minified ESM, only the commands and helpers some function imports, one module per client with
 * the chunks they share), under the layer's own package names (`@aws-sdk-layer/<pkg>`, which the
 * bundles import instead of `@aws-sdk/<pkg>`: lib/bundling.ts sdkLayerAlias). A cold start loads
 * a few small files instead of the runtime's copy of every client, and each function's own bundle
 * stays as small as with the runtime's SDK. Measured against both other ways (the runtime's copy;
 * the SDK bundled into each function) by `npm run measure:cold-start` (docs/performance.md).
 *
 * The layer holds exactly the names the function bundles import, listed in
 * lib/aws-sdk-layer/manifest.json: `npm run check:bundle` builds every function and fails when a
 * bundle imports a name or package the list lacks (the function would fail at its cold start with
 * "does not provide an export named", or load the runtime's copy) or when the list names one no
 * bundle imports; `--write-sdk-layer` rewrites the list.
 */

import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, buildSync } from 'esbuild';
import {
  LAMBDA_BUNDLING,
  LAMBDA_ESBUILD,
  layerPackage,
  readSdkManifest,
  SDK_LAYER_MANIFEST,
  SDK_LAYER_SCOPE,
  type SdkImports,
} from './bundling';

/** Where a layer's Node.js modules go in its zip: Lambda adds /opt/nodejs/node_modules to the module paths. */
export const LAYER_MODULES_DIR = join('nodejs', 'node_modules');

/**
 * The SDK names a minified ESM bundle imports (esbuild writes `import{A as b,C}from"pkg"`), by SDK
 * package: `@aws-sdk-layer/<pkg>` (the layer's) and `@aws-sdk/<pkg>` (one the layer lacks) both
 * count as `@aws-sdk/<pkg>`. Any other form of import of the SDK (a namespace, a default, a bare or
 * dynamic import) throws: the layer carries named exports only, so such an import could not be
 * checked against it.
 */
export function sdkImportsOf(code: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const named = /import\s*\{([^}]*)\}\s*from\s*"@aws-sdk(?:-layer)?\/([^"]+)"/g;
  for (const [, list = '', name = ''] of code.matchAll(named)) {
    const pkg = `@aws-sdk/${name}`;
    const names = found.get(pkg) ?? new Set<string>();
    for (const part of list.split(',')) {
      const imported = part.split(/\s+as\s+/)[0]?.trim();
      if (imported) names.add(imported);
    }
    found.set(pkg, names);
  }
  const all = [...code.matchAll(/"@aws-sdk(?:-layer)?\/[^"]+"/g)].length;
  const counted = [...code.matchAll(named)].length;
  if (all !== counted) {
    throw new Error(
      `a bundle imports the AWS SDK other than by name (${all - counted} of ${all} imports): the SDK layer cannot check it`,
    );
  }
  return found;
}

/** The union of several bundles' SDK imports, sorted, as the manifest holds it. */
export function mergeSdkImports(bundles: Iterable<Map<string, Set<string>>>): SdkImports {
  const union = new Map<string, Set<string>>();
  for (const imports of bundles) {
    for (const [pkg, names] of imports) {
      const all = union.get(pkg) ?? new Set<string>();
      for (const n of names) all.add(n);
      union.set(pkg, all);
    }
  }
  return Object.fromEntries([...union.keys()].sort().map((pkg) => [pkg, [...(union.get(pkg) ?? [])].sort()] as const));
}

/** What the manifest lacks (a function would fail at cold start) and what it lists that no bundle imports. */
export function compareSdkImports(manifest: SdkImports, used: SdkImports): { missing: string[]; unused: string[] } {
  const pairs = (imports: SdkImports) =>
    new Set(Object.entries(imports).flatMap(([pkg, names]) => names.map((n) => `${pkg} ${n}`)));
  const listed = pairs(manifest);
  const needed = pairs(used);
  return {
    missing: [...needed].filter((p) => !listed.has(p)).sort(),
    unused: [...listed].filter((p) => !needed.has(p)).sort(),
  };
}

export function writeSdkManifest(repoRoot: string, imports: SdkImports): void {
  writeFileSync(join(repoRoot, SDK_LAYER_MANIFEST), `${JSON.stringify(imports, null, 2)}\n`);
}

/**
 * esbuild's options for the layer: one entry per package re-exporting the listed names, written
 * to `<outDir>/nodejs/node_modules/@aws-sdk-layer/<client>/index.mjs` with the chunks they share in
 * `@aws-sdk-layer/_chunks/`. `entryDir` holds the generated entries.
 */
function layerBuildOptions(repoRoot: string, manifest: SdkImports, outDir: string, entryDir: string): BuildOptions {
  const entryPoints: Record<string, string> = {};
  for (const [pkg, names] of Object.entries(manifest)) {
    const file = join(entryDir, `${pkg.replace('/', '__')}.mjs`);
    writeFileSync(file, `export { ${names.join(', ')} } from '${pkg}';\n`);
    entryPoints[`${layerPackage(pkg)}/index`] = file;
  }
  return {
    entryPoints,
    outdir: join(outDir, LAYER_MODULES_DIR),
    // As the functions are built (lib/bundling.ts), but for their source maps.
    ...LAMBDA_ESBUILD,
    splitting: true,
    define: LAMBDA_BUNDLING.define,
    outExtension: { '.js': '.mjs' },
    chunkNames: `${SDK_LAYER_SCOPE}/_chunks/[name]-[hash]`,
    nodePaths: [join(repoRoot, 'node_modules')],
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
  };
}

/** Each package's directory gets a package.json whose export is the layer's module. */
function writePackageFiles(manifest: SdkImports, outDir: string): void {
  for (const pkg of Object.keys(manifest)) {
    const name = layerPackage(pkg);
    const dir = join(outDir, LAYER_MODULES_DIR, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      `${JSON.stringify({ name, type: 'module', exports: './index.mjs', sideEffects: false })}\n`,
    );
  }
}

/**
 * Builds the layer into `outDir` (its zip's root: `nodejs/node_modules/@aws-sdk-layer/...`) and answers
 * the bytes written. Synchronous, for the CDK's local bundling (lib/function-defaults.ts).
 */
export function buildSdkLayerSync(repoRoot: string, outDir: string, manifest = readSdkManifest(repoRoot)): number {
  const entryDir = mkdtempSync(join(tmpdir(), 'sdk-layer-entries-'));
  try {
    const result = buildSync(layerBuildOptions(repoRoot, manifest, outDir, entryDir));
    writePackageFiles(manifest, outDir);
    return Object.values(result.metafile?.outputs ?? {}).reduce((sum, o) => sum + o.bytes, 0);
  } finally {
    rmSync(entryDir, { recursive: true, force: true });
  }
}

/**
 * A node_modules at `target` that resolves as a function does in Lambda with the layers: the SDK
 * layer's modules (`@aws-sdk-layer/*`) from the layer built in `layerDir`, everything else
 * (Powertools, from its layer in Lambda) from the repository's node_modules. For the cold-import
 * measurements (check:bundle --import-times, measure:cold-start) and the layer's test.
 */
export function linkLayerModules(repoRoot: string, layerDir: string, target: string): void {
  mkdirSync(target, { recursive: true });
  const installed = join(repoRoot, 'node_modules');
  for (const entry of readdirSync(installed)) symlinkSync(join(installed, entry), join(target, entry));
  symlinkSync(join(layerDir, LAYER_MODULES_DIR, SDK_LAYER_SCOPE), join(target, SDK_LAYER_SCOPE), 'dir');
}
