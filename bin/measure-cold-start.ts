/**
 * Cold-start init of the latency-critical functions, measured three ways: the AWS SDK from the
 * project's SDK layer (what the stacks deploy, lib/aws-sdk-layer.ts), from the Lambda runtime's
 * copy (every client whole, as the SDK's packages are installed), and bundled into each function.
 * Builds marketplace, storefront and partner each way with the CDK's esbuild options, then imports
 * each bundle in a fresh Node process many times, the variants interleaved so that a change in the
 * machine's load hits all alike. Prints bundle size and the import time's median, min and max per
 * function and variant.
 *
 *   npx tsx bin/measure-cold-start.ts [--runs 9] [--functions marketplace,storefront,partner]
 *
 * The runtime's copy is stood in for by node_modules (the same packages, as npm installs them); only
 * a deployed function's INIT duration shows Lambda's own figure. Measure on a quiet machine: the
 * figures are meaningless while other work loads the CPU.
 */
import { mkdirSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { existingPath, REPO_ROOT } from '../lib/app-config';
import { buildSdkLayerSync, linkLayerModules } from '../lib/aws-sdk-layer';
import {
  AWS_SDK_EXTERNAL,
  coldImportMs,
  functionBundling,
  functionEntries,
  lambdaEsbuildOptions,
  sdkLayerAlias,
} from '../lib/bundling';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(arg('--runs') ?? 9);
const names = (arg('--functions') ?? 'marketplace,storefront,partner').split(',');

const outDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
const entries = functionEntries(REPO_ROOT);
const webBuild = existingPath('frontend/dist');
const sdkAliases = new Set(Object.keys(sdkLayerAlias(REPO_ROOT)));

// Each variant's directory resolves the SDK as that variant's Lambda would.
const VARIANTS = ['sdk-layer', 'sdk-runtime', 'sdk-bundled'] as const;
type Variant = (typeof VARIANTS)[number];
const layerDir = join(outDir, 'layer');
buildSdkLayerSync(REPO_ROOT, layerDir);
for (const variant of VARIANTS) mkdirSync(join(outDir, variant), { recursive: true });
linkLayerModules(REPO_ROOT, layerDir, join(outDir, 'sdk-layer', 'node_modules'));
symlinkSync(join(REPO_ROOT, 'node_modules'), join(outDir, 'sdk-runtime', 'node_modules'), 'dir');
symlinkSync(join(REPO_ROOT, 'node_modules'), join(outDir, 'sdk-bundled', 'node_modules'), 'dir');

const files: Array<{ name: string; variant: Variant; file: string; bytes: number; times: number[] }> = [];
for (const name of names) {
  const entry = entries[name];
  if (!entry) throw new Error(`no function ${name}`);
  for (const variant of VARIANTS) {
    const dir = join(outDir, variant, name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.mjs');
    const options = lambdaEsbuildOptions(REPO_ROOT, entry, file, functionBundling(name, webBuild));
    // The layer's build as deployed; the others import @aws-sdk/* as written, external or bundled.
    const alias = Object.fromEntries(Object.entries(options.alias ?? {}).filter(([from]) => !sdkAliases.has(from)));
    const sdk = new Set<string>(AWS_SDK_EXTERNAL);
    await build({
      ...options,
      alias: variant === 'sdk-layer' ? options.alias : alias,
      external: variant === 'sdk-bundled' ? (options.external ?? []).filter((e) => !sdk.has(e)) : options.external,
      logLevel: 'error',
    });
    files.push({ name, variant, file, bytes: statSync(file).size, times: [] });
  }
}

for (let i = 0; i < runs; i++) {
  for (const f of files) f.times.push(coldImportMs(f.file));
}

console.log(`Cold imports, ${runs} runs each, interleaved (median, min-max):`);
for (const f of files) {
  const t = [...f.times].sort((a, b) => a - b);
  const median = t[Math.floor(t.length / 2)] ?? Number.NaN;
  console.log(
    `  ${f.name.padEnd(12)} ${f.variant.padEnd(12)} ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ` +
      `${median.toFixed(0).padStart(5)} ms  (${(t[0] ?? 0).toFixed(0)}-${(t.at(-1) ?? 0).toFixed(0)} ms)`,
  );
}
