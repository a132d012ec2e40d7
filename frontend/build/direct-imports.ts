import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { cachedBy } from './cached';
import { assertPatchedVersion, PATCHED_PACKAGES, type PatchedPackage, packageDir } from './patched-packages';

/**
 * Rewrites named imports from a package's root module (a "barrel" that re-exports every
 * component) to the modules that define them, at build time: `import { Button } from
 * '@chakra-ui/react'` becomes `import { Button } from '@chakra-ui/react/button'`. The output is
 * the same code, but the module graph no longer says that every screen depends on every component,
 * so the `storefront` chunk (storefront-chunk.ts) takes only what the visitor's first page uses.
 * Chakra's own files import `@ark-ui/react`'s root the same way and are rewritten too.
 *
 * A name goes to the package's public subpath when the barrel takes it from that subpath's entry
 * file (Chakra's `components/button/index.js` is `@chakra-ui/react/button`), else to the file the
 * barrel names (a recipe of Chakra's theme, an Ark utility: the packages export no subpath for
 * them). The barrels are read as text; the build fails when one of them no longer reads as
 * expected, or when an imported name is not found in it, rather than leaving the import on the root
 * module. direct-imports.test.ts checks every rewrite of the app's imports against the installed
 * packages: the same value, from the target as from the root.
 */
export type Target = { specifier: string; name: string } | { specifier: string; namespace: true };

/** An entry of a barrel: `{ specifier, name }` where it is defined, or `{ specifier, namespace }`. */
export type BarrelMap = Map<string, Target>;

/** The barrels the build rewrites: a package's root or one of its subpaths. */
const BARRELS = {
  '@chakra-ui/react': { pkg: '@chakra-ui/react', subpath: '.' },
  '@chakra-ui/react/theme': { pkg: '@chakra-ui/react', subpath: './theme' },
  '@ark-ui/react': { pkg: '@ark-ui/react', subpath: '.' },
} as const satisfies Record<string, { pkg: PatchedPackage; subpath: string }>;

export type Barrel = keyof typeof BARRELS;

/** Fewer entries than this means the barrel's text no longer has the form read here. */
const MIN_ENTRIES = 50;

type Exports = Record<string, unknown>;

/** The ESM file of an `exports` entry (`{ import: { default } }`, `{ import }` or a string). */
function esmFile(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return undefined;
  const e = entry as Exports;
  return esmFile(e.import) ?? esmFile(e.default);
}

interface Subpaths {
  /** The entry file of each explicit subpath, and the subpath. */
  readonly files: Map<string, string>;
  /** The `./*` patterns: the subpath's key and the file it resolves to, each with one `*`. */
  readonly patterns: readonly { key: string; file: string }[];
}

/** The package's public subpaths (its `exports`, for an `import`). */
export function publicSubpaths(pkg: PatchedPackage): Subpaths {
  const dir = packageDir(pkg);
  const { exports = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Exports };
  const files = new Map<string, string>();
  const patterns: { key: string; file: string }[] = [];
  for (const [key, entry] of Object.entries(exports)) {
    const file = esmFile(entry);
    if (!file) continue;
    if (key.includes('*')) patterns.push({ key, file });
    else files.set(resolve(dir, file), key === '.' ? pkg : `${pkg}/${key.slice(2)}`);
  }
  return { files, patterns };
}

/** The public subpath whose entry is `file` (an explicit one, else a `./*` pattern's), if any. */
export function subpathOf(pkg: PatchedPackage, file: string, subpaths: Subpaths): string | undefined {
  const exact = subpaths.files.get(file);
  if (exact) return exact;
  const rel = `./${relative(packageDir(pkg), file)}`;
  for (const { key, file: pattern } of subpaths.patterns) {
    const [before = '', after = ''] = pattern.split('*');
    if (!rel.startsWith(before) || !rel.endsWith(after)) continue;
    const star = rel.slice(before.length, rel.length - after.length);
    const subpath = `${pkg}/${key.slice(2).replace('*', star)}`;
    // An explicit entry of the same name wins over the pattern (Chakra's `./collection`).
    if (star && !star.includes('/') && ![...subpaths.files.values()].includes(subpath)) return subpath;
  }
  return undefined;
}

const SPEC = /^(?:type\s+)?(\S+)(?:\s+as\s+(\S+))?$/;
const specs = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The ESM file of a package's public subpath ('.' or './theme'), from its `exports`. */
export function entryFile(pkg: PatchedPackage, subpath: string): string {
  const dir = packageDir(pkg);
  const { exports = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Exports };
  const explicit = esmFile(exports[subpath]);
  if (explicit) return resolve(dir, explicit);
  const wildcard = esmFile(exports['./*']);
  const file = wildcard && subpath.startsWith('./') ? resolve(dir, wildcard.replace('*', subpath.slice(2))) : undefined;
  if (!file || !existsSync(file)) throw new Error(`direct-imports: ${pkg} exports no ESM file for ${subpath}`);
  return file;
}

/** The barrel's ESM file. */
export const barrelFile = (barrel: Barrel): string => entryFile(BARRELS[barrel].pkg, BARRELS[barrel].subpath);

/**
 * Exported name -> the file (or other package's module) that defines it, read from a barrel's
 * import/export lines.
 */
export function parseBarrel(file: string): BarrelMap {
  const code = readFileSync(file, 'utf8');
  const dir = dirname(file);
  const at = (specifier: string) => {
    if (!specifier.startsWith('.')) return specifier; // another package's (Chakra's `Portal` from '@ark-ui/react/portal')
    const path = resolve(dir, specifier);
    if (!existsSync(path)) throw new Error(`direct-imports: ${file} names ${specifier}, which does not exist`);
    return path;
  };
  const locals = new Map<string, Target>();
  const out: BarrelMap = new Map();
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g))
    for (const s of specs(m[1] ?? '')) {
      const [, orig = '', local = orig] = SPEC.exec(s) ?? [];
      locals.set(local, { specifier: at(m[2] ?? ''), name: orig });
    }
  for (const m of code.matchAll(/import\s*\*\s*as\s+(\S+)\s+from\s*['"](\.[^'"]+)['"]/g))
    locals.set(m[1] ?? '', { specifier: at(m[2] ?? ''), namespace: true });
  for (const m of code.matchAll(/export\s*\{([^}]*)\}(\s*from\s*['"]([^'"]+)['"])?/g))
    for (const s of specs(m[1] ?? '')) {
      const [, orig = '', exported = orig] = SPEC.exec(s) ?? [];
      const declared = new RegExp(`^(?:const|let|var|function|class) ${orig.replace(/\$/g, '\\$')}\\b`, 'm').test(code);
      // A definition of the barrel's own (Chakra theme's tokens) is imported from the barrel itself.
      const target = m[3]
        ? { specifier: at(m[3]), name: orig }
        : (locals.get(orig) ?? (declared ? { specifier: file, name: orig } : undefined));
      if (target) out.set(exported, target);
    }
  for (const m of code.matchAll(/export\s*\*\s*as\s+(\S+)\s+from\s*['"](\.[^'"]+)['"]/g))
    out.set(m[1] ?? '', { specifier: at(m[2] ?? ''), namespace: true });
  return out;
}

const sameTarget = (a: Target | undefined, b: Target) =>
  a !== undefined &&
  a.specifier === b.specifier &&
  ('namespace' in a ? 'namespace' in b : !('namespace' in b) && a.name === b.name);

/**
 * Exported name -> where to import it from: the public subpath that exports it (the entry file of
 * a subpath, or a file that the subpath's entry beside it re-exports under the same name), else
 * the defining file.
 */
export function barrelMap(barrel: Barrel): BarrelMap {
  const { pkg } = BARRELS[barrel];
  assertPatchedVersion(pkg, 'direct-imports');
  const file = barrelFile(barrel);
  const subpaths = publicSubpaths(pkg);
  const entryMap = cachedBy(parseBarrel);
  const out: BarrelMap = new Map();
  for (const [exported, target] of parseBarrel(file)) {
    if (target.specifier === file) {
      out.set(exported, { ...target, specifier: barrel });
      continue;
    }
    const own = subpathOf(pkg, target.specifier, subpaths);
    if (own) {
      out.set(exported, { ...target, specifier: own });
      continue;
    }
    // A component's file, which the component's own entry (a public subpath) re-exports.
    const index = join(dirname(target.specifier), 'index.js');
    const sibling = target.specifier.startsWith('/') && existsSync(index) ? subpathOf(pkg, index, subpaths) : undefined;
    const reexported =
      sibling && index !== file ? [...entryMap(index)].find(([, t]) => sameTarget(t, target))?.[0] : undefined;
    if (sibling && reexported) out.set(exported, { specifier: sibling, name: reexported });
    else out.set(exported, target);
  }
  if (out.size < MIN_ENTRIES)
    throw new Error(
      `direct-imports: read only ${out.size} exports from ${file} (${pkg} ${PATCHED_PACKAGES[pkg]}): ` +
        "its form changed (expected lines like `export { Box } from './components/box/index.js'`)",
    );
  return out;
}

/**
 * The import lines that replace `import { <list> } from '<barrel>'`; throws when a name is not in
 * the barrel's map. Type-only names are dropped (erased anyway).
 */
export function rewriteImport(barrel: Barrel, list: string, map: BarrelMap): string {
  const lines: string[] = [];
  const own: string[] = [];
  for (const s of specs(list)) {
    if (/^type\s/.test(s)) continue;
    const [, orig = '', local = orig] = SPEC.exec(s) ?? [];
    const target = map.get(orig);
    if (!target)
      throw new Error(`direct-imports: ${barrel} exports no ${orig} that its barrel (${barrelFile(barrel)}) names`);
    if (target.specifier === barrel) own.push(s);
    else if ('namespace' in target) lines.push(`import * as ${local} from ${JSON.stringify(target.specifier)};`);
    else lines.push(`import { ${target.name} as ${local} } from ${JSON.stringify(target.specifier)};`);
  }
  // The barrel's own definitions (Chakra theme's tokens) last, in one import of the barrel.
  if (own.length) lines.push(`import { ${own.join(', ')} } from '${barrel}';`);
  return lines.join('\n');
}

const IMPORT = new RegExp(
  `import\\s*\\{([^}]*)\\}\\s*from\\s*['"](${Object.keys(BARRELS)
    .map((b) => b.replace(/[/]/g, '\\/'))
    .join('|')})['"];?`,
  'g',
);

/** The module's text with every named import of a barrel rewritten (unchanged text: none). */
export function rewriteImports(code: string, mapOf: (barrel: Barrel) => BarrelMap): string {
  return code.replace(IMPORT, (_all, list: string, barrel: Barrel) => rewriteImport(barrel, list, mapOf(barrel)));
}

export function directImports(): Plugin {
  const mapOf = cachedBy(barrelMap);
  return {
    name: 'direct-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      for (const barrel of Object.keys(BARRELS) as Barrel[]) mapOf(barrel);
    },
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id) || !Object.keys(BARRELS).some((b) => code.includes(b))) return null;
      try {
        const out = rewriteImports(code, mapOf);
        return out === code ? null : { code: out, map: null };
      } catch (err) {
        this.error(`${err instanceof Error ? err.message : String(err)} (imported by ${id})`);
      }
    },
  };
}
