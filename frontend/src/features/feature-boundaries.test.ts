import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A feature never imports another feature (frontend/src/features/A must not import
 * frontend/src/features/B): what two features share lives in components/, hooks/, utils/, lib/
 * or testing/, and routes (app/) are the one place that combines features. Biome's
 * noRestrictedImports matches import strings, not the files they resolve to, so relative paths
 * ('../../other-feature/…') cannot be told apart from allowed ones there; this test resolves them.
 */
const featuresDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const featureOf = (path: string): string | null => {
  const rel = relative(featuresDir, path);
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null);
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The relative imports of `file` (its text is `source`) that land in another feature. */
function crossFeatureImports(file: string, source: string): string[] {
  const own = featureOf(file);
  return [...source.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((spec) => spec.startsWith('.') || spec.startsWith('@/'))
    .filter((spec) => {
      const target = featureOf(
        spec.startsWith('@/') ? resolve(featuresDir, '..', spec.slice(2)) : resolve(dirname(file), spec),
      );
      return target !== null && target !== own;
    })
    .map((spec) => `${relative(featuresDir, file)} imports ${spec}`);
}

describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const found = sourceFiles(featuresDir)
      .filter((file) => file !== fileURLToPath(import.meta.url)) // its own examples below
      .flatMap((file) => crossFeatureImports(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('tells an import of another feature from one of the shared folders or the same feature', () => {
    const file = join(featuresDir, 'admin-apps', 'components', 'x.tsx');
    const source = [
      "import { A } from '../../marketplace/components/a';",
      "import type { B } from '../../../components/ui/b';",
      "import { C } from '../utils/c';",
      "const D = lazy(() => import('../../checkout/d'));",
      "import { E } from '@/features/purchases/e';",
      "import { F } from '@/features/admin-apps/f';",
      "import { G } from '@/components/ui/g';",
    ].join('\n');
    expect(crossFeatureImports(file, source)).toEqual([
      `admin-apps${sep}components${sep}x.tsx imports ../../marketplace/components/a`,
      `admin-apps${sep}components${sep}x.tsx imports ../../checkout/d`,
      `admin-apps${sep}components${sep}x.tsx imports @/features/purchases/e`,
    ]);
  });
});
