import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertPatchedVersion, installedVersion, PATCHED_PACKAGES, type PatchedPackage } from './patched-packages';
import { filesUnder, REPO } from './test-support';

const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = { ...manifest.dependencies, ...manifest.devDependencies };

/** The folders with the project's code (what the Lambdas, the web app, the CDK app and the tests import). */
const CODE = ['bin', 'frontend', 'functions', 'lib', 'shared', 'test', 'types'];
const SKIP = /(^|\/)(node_modules|dist|cdk\.out|\.data)(\/|$)/;
/** A module specifier in an import, an export ... from, a dynamic import(), a require or require.resolve. */
const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])import\s+['"]([^'"]+)['"]|\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The package a bare specifier names ('@scope/name' or 'name'); undefined for relative paths and Node's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  if (specifier.startsWith('@/') || specifier.startsWith('@shared/')) return undefined; // the path aliases (tsconfig.base.json)
  if (!/^(@[\w.-]+\/)?[\w.-]+(\/.*)?$/.test(specifier)) return undefined; // a template or a pattern, not a name
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return builtinModules.includes(name) ? undefined : name;
}

/** The packages a module's text imports. */
const importedPackages = (code: string): string[] =>
  [...code.matchAll(SPECIFIER)].flatMap((m) => {
    const name = packageOf(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
    return name ? [name] : [];
  });

describe('the packages the web build patches', () => {
  it('are pinned exactly in package.json, at the version the edits were written for, and installed at it', () => {
    for (const [name, version] of Object.entries(PATCHED_PACKAGES)) {
      expect(declared[name], `${name} in package.json`).toBe(version);
      expect(installedVersion(name), `${name} installed`).toBe(version);
    }
  });

  it('fail the build when another version is installed', () => {
    const pins = PATCHED_PACKAGES as Record<PatchedPackage, string>;
    const pinned = pins['react-icons'];
    try {
      pins['react-icons'] = '0.0.1';
      expect(() => assertPatchedVersion('react-icons', 'per-icon-imports')).toThrow(
        /per-icon-imports: react-icons 5\.\d+\.\d+ is installed, but frontend\/build's edits of its files were written for 0\.0\.1/,
      );
    } finally {
      pins['react-icons'] = pinned;
    }
  });
});

describe('every imported package', () => {
  it('is declared in package.json (npm ls lists it at the top level)', () => {
    const undeclared = CODE.flatMap((folder) =>
      filesUnder(join(REPO, folder), /\.(ts|tsx|js|mjs|cjs)$/)
        .filter((file) => !SKIP.test(relative(REPO, file)) && file !== fileURLToPath(import.meta.url))
        .flatMap((file) =>
          importedPackages(readFileSync(file, 'utf8'))
            // `import type ... from 'aws-lambda'` is served by @types/aws-lambda.
            .filter((name) => !(name in declared) && !(`@types/${name}` in declared))
            .map((name) => `${relative(REPO, file)} imports ${name}`),
        ),
    );
    expect(undeclared).toEqual([]);
  });

  it('is found in imports, exports, dynamic imports and require calls, but not in relative or Node paths', () => {
    const code = [
      "import { a } from '@scope/one/sub';",
      "export { b } from 'two';",
      "const c = await import('three/deep');",
      "import 'four';",
      "const d = require.resolve('five/package.json');",
      "import { e } from './local';",
      "import { f } from 'node:fs';",
      "import { g } from 'path';",
      "import { h } from 'a\\b';",
      "import { i } from '<barrel>';",
    ].join('\n');
    expect(importedPackages(code)).toEqual(['@scope/one', 'two', 'three', 'four', 'five']);
  });
});
