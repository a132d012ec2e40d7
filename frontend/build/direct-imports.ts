import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites named imports from a package's root module (a "barrel" that re-exports every
 * component) to the files that define them, at build time: `import { Button } from
 * '@chakra-ui/react'` becomes an import of Chakra's button module. The output is the same code,
 * but the module graph no longer says that every screen depends on every component, so the
 * `storefront` chunk (storefront-chunk.ts) takes only what the visitor's first page uses. Chakra's
 * own files import `@ark-ui/react`'s root the same way and are rewritten too.
 */
type Target = { file: string; name: string } | { file: string; namespace: true };

const SPEC = /^(?:type\s+)?(\S+)(?:\s+as\s+(\S+))?$/;
const specs = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Exported name -> defining file (and its name there), read from the barrel's import/export lines. */
function barrelMap(file: string): Map<string, Target> {
  const code = readFileSync(file, 'utf8');
  const dir = dirname(file);
  const locals = new Map<string, Target>();
  const out = new Map<string, Target>();
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g))
    for (const s of specs(m[1] ?? '')) {
      const [, orig = '', local = orig] = SPEC.exec(s) ?? [];
      locals.set(local, { file: resolve(dir, m[2] ?? ''), name: orig });
    }
  for (const m of code.matchAll(/import\s*\*\s*as\s+(\S+)\s+from\s*['"](\.[^'"]+)['"]/g))
    locals.set(m[1] ?? '', { file: resolve(dir, m[2] ?? ''), namespace: true });
  // A re-export from another package (Chakra's `Portal` from '@ark-ui/react/portal') keeps its specifier.
  const fileOf = (specifier: string) => (specifier.startsWith('.') ? resolve(dir, specifier) : specifier);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}(\s*from\s*['"]([^'"]+)['"])?/g))
    for (const s of specs(m[1] ?? '')) {
      const [, orig = '', exported = orig] = SPEC.exec(s) ?? [];
      const target = m[3] ? { file: fileOf(m[3]), name: orig } : locals.get(orig);
      if (target) out.set(exported, target);
    }
  for (const m of code.matchAll(/export\s*\*\s*as\s+(\S+)\s+from\s*['"](\.[^'"]+)['"]/g))
    out.set(m[1] ?? '', { file: resolve(dir, m[2] ?? ''), namespace: true });
  return out;
}

export function directImports(packages: string[]): Plugin {
  const require = createRequire(import.meta.url);
  const maps = new Map<string, Map<string, Target>>();
  const mapOf = (pkg: string) => {
    let map = maps.get(pkg);
    if (!map) {
      // The ESM build's root module sits beside the package's "module"/"import" entry.
      const cjs = require.resolve(pkg);
      const esm = cjs.replace(/\/dist\/cjs\/(.*)\.cjs$/, '/dist/esm/$1.js').replace(/\/index\.cjs$/, '/index.js');
      map = barrelMap(esm);
      maps.set(pkg, map);
    }
    return map;
  };
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"](${packages.join('|')})['"];?`, 'g');
  return {
    name: 'direct-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id) || !packages.some((p) => code.includes(p))) return null;
      const out = code.replace(pattern, (all, list: string, pkg: string) => {
        const map = mapOf(pkg);
        const rest: string[] = [];
        const lines: string[] = [];
        for (const s of specs(list)) {
          if (/^type\s/.test(s)) continue; // type-only: erased anyway
          const [, orig = '', local = orig] = SPEC.exec(s) ?? [];
          const target = map.get(orig);
          if (!target) rest.push(s);
          else if ('namespace' in target) lines.push(`import * as ${local} from ${JSON.stringify(target.file)};`);
          else lines.push(`import { ${target.name} as ${local} } from ${JSON.stringify(target.file)};`);
        }
        if (rest.length) lines.push(`import { ${rest.join(', ')} } from '${pkg}';`);
        return lines.length ? lines.join('\n') : all;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
