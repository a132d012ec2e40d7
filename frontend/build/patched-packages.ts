import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The packages whose published files the web build reads or rewrites (frontend/build/*), at the
 * version those edits were written and tested for. package.json pins each one exactly (no caret,
 * packages.test.ts checks it) and every plugin asks `packageFile` for its files, which throws when
 * another version is installed: an upgrade fails the build at once, naming the plugins to re-check
 * (`npx vitest run --project unit frontend/build` runs each on the installed files), instead of
 * shipping a file the edits no longer fit. frontend/src/ssr/chakra-theme.js (the storefront
 * Lambda's Chakra theme) imports Chakra's theme files by path too: esbuild fails on a moved one and
 * test/infra/storefront-bundling.test.ts compares its exports with Chakra's own.
 */
export const PATCHED_PACKAGES = {
  '@chakra-ui/react': '3.38.0',
  '@ark-ui/react': '5.40.0',
  'react-icons': '5.7.0',
} as const;

export type PatchedPackage = keyof typeof PATCHED_PACKAGES;

const require = createRequire(import.meta.url);

/** The installed package's folder: the nearest package.json above its main module that names it. */
export function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name)
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name}: no package.json of it above ${require.resolve(name)}`);
    dir = parent;
  }
}

export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Throws unless the installed version of `name` is the one the build's edits were written for. */
export function assertPatchedVersion(name: PatchedPackage, plugin: string): void {
  const installed = installedVersion(name);
  const expected = PATCHED_PACKAGES[name];
  if (installed !== expected)
    throw new Error(
      `${plugin}: ${name} ${installed} is installed, but frontend/build's edits of its files were written for ${expected}. ` +
        'Run `npx vitest run --project unit frontend/build` to see which edits still apply, fix them, then update ' +
        'PATCHED_PACKAGES (frontend/build/patched-packages.ts) and the exact pin in package.json.',
    );
}

/**
 * The absolute path of a file inside a patched package, after checking the installed version;
 * throws (naming the plugin) when the file is not there.
 */
export function packageFile(name: PatchedPackage, file: string, plugin: string): string {
  assertPatchedVersion(name, plugin);
  const path = join(packageDir(name), file);
  if (!existsSync(path)) throw new Error(`${plugin}: ${name} ${PATCHED_PACKAGES[name]} has no ${file} (${path})`);
  return path;
}
