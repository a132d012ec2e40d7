/**
 * Cold-start init of the latency-critical functions, measured both ways: the AWS SDK left to the
 * Lambda runtime (what lib/bundling.ts does) and bundled in. Builds marketplace, storefront and
 * partner each way with the CDK's esbuild options, then imports each bundle in a fresh Node process
 * many times, the variants interleaved so that a change in the machine's load hits both alike.
 * Prints bundle size and the import time's median, min and max per function and variant.
 *
 *   npx tsx bin/measure-cold-start.ts [--runs 9] [--functions marketplace,storefront,partner]
 *
 * The SDK left external loads from node_modules here, as Lambda loads it from the runtime's copy;
 * only a deployed function's INIT duration shows the runtime's own figure. Measure on a quiet
 * machine: the figures are meaningless while other work loads the CPU.
 */
import { mkdirSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { existingPath, REPO_ROOT } from '../lib/app-config';
import {
  coldImportMs,
  functionBundling,
  functionEntries,
  lambdaEsbuildOptions,
  PROVIDED_BY_LAMBDA_RUNTIME,
} from '../lib/bundling';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(arg('--runs') ?? 9);
const names = (arg('--functions') ?? 'marketplace,storefront,partner').split(',');

const outDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
symlinkSync(join(REPO_ROOT, 'node_modules'), join(outDir, 'node_modules'), 'dir');
const entries = functionEntries(REPO_ROOT);
const webBuild = existingPath('frontend/dist');

type Variant = 'sdk-external' | 'sdk-bundled';
const files: Array<{ name: string; variant: Variant; file: string; bytes: number; times: number[] }> = [];
for (const name of names) {
  const entry = entries[name];
  if (!entry) throw new Error(`no function ${name}`);
  for (const variant of ['sdk-external', 'sdk-bundled'] as const) {
    const dir = join(outDir, name, variant);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.mjs');
    const options = lambdaEsbuildOptions(REPO_ROOT, entry, file, functionBundling(name, webBuild));
    const runtime = new Set<string>(PROVIDED_BY_LAMBDA_RUNTIME);
    await build({
      ...options,
      external: variant === 'sdk-bundled' ? (options.external ?? []).filter((e) => !runtime.has(e)) : options.external,
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
    `  ${f.name.padEnd(12)} ${f.variant.padEnd(13)} ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ` +
      `${median.toFixed(0).padStart(5)} ms  (${(t[0] ?? 0).toFixed(0)}-${(t.at(-1) ?? 0).toFixed(0)} ms)`,
  );
}
