import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { cachedBy } from './cached';
import { entryFile, parseBarrel } from './direct-imports';
import { packageDir, packageFile } from './patched-packages';

/**
 * Keeps what only lazily loaded screens use out of the visitor's first chunk, where Chakra bundles
 * many definitions in one module or one namespace object. The bundler places a module in one chunk
 * as a whole, with every definition any chunk uses, so one storefront component importing one
 * definition brought all of them into the `storefront` chunk (storefront-chunk.ts):
 *
 * - Chakra's `anatomy.js` (every component's part names, and through them Ark's and Zag's anatomy
 *   modules) and `components/icons.js` (twenty icons; the storefront's native select uses one):
 *   each import of them is rewritten to a module of its own per name, holding that definition and
 *   those it refers to;
 * - Ark's `Field` namespace object (every field part, with the textarea's auto-resize code), which
 *   Chakra's input and native select use for one part each: `Field.Input` becomes an import of
 *   `FieldInput` by name from '@ark-ui/react/field' (named `ArkField_Input` there).
 *
 * The code that runs is the same; only its placement in chunks changes. Build only. The build fails
 * when a file to split is missing or no longer reads as definitions (`const name = ...`), or when
 * nothing was split or rewritten (Chakra's files changed, and the storefront chunk would take every
 * definition again without a word).
 */
const PREFIX = 'split-export:';
/** The files split per export, inside @chakra-ui/react. */
export const SPLIT_FILES = ['dist/esm/anatomy.js', 'dist/esm/components/icons.js'] as const;
/** The Chakra modules whose use of Ark's `Field` namespace is rewritten. */
export const FIELD_USERS = ['dist/esm/components/input/input.js', 'dist/esm/components/native-select/native-select.js'];

interface Parsed {
  imports: string[];
  reexports: Map<string, string>;
  definitions: Map<string, string>;
}

export function parseSplitFile(file: string): Parsed {
  const code = readFileSync(file, 'utf8');
  const absolute = (line: string) =>
    line.replace(/from\s*'(\.[^']+)'/, (_all, rel: string) => `from ${JSON.stringify(resolve(dirname(file), rel))}`);
  const imports = [...code.matchAll(/^import .*;$/gm)].map((m) => absolute(m[0]));
  const reexports = new Map<string, string>();
  for (const m of code.matchAll(/^export \{ (\w+) \} from .*;$/gm)) reexports.set(m[1] ?? '', absolute(m[0]));
  const definitions = new Map<string, string>();
  // A definition runs from its `const name = ` at a line's start to the next one or the exports.
  const starts = [...code.matchAll(/^const (\w+) = /gm)];
  const end = code.search(/^export \{[^}]*\};?\s*$/m);
  if (!starts.length || end < 0)
    throw new Error(
      `split-exports: ${file} no longer reads as \`const name = ...\` definitions and one \`export { ... }\``,
    );
  starts.forEach((m, i) => {
    const stop = starts[i + 1]?.index ?? (end >= 0 ? end : code.length);
    definitions.set(m[1] ?? '', code.slice(m.index, stop).trim());
  });
  return { imports, reexports, definitions };
}

/** The module of one export: the imports (unused ones are dropped), its definition and those it uses. */
export function moduleOf(parsed: Parsed, name: string): string {
  const reexport = parsed.reexports.get(name);
  if (reexport) return `${reexport}\n`;
  const needed = new Set<string>();
  const visit = (n: string) => {
    const text = parsed.definitions.get(n);
    if (text === undefined || needed.has(n)) return;
    needed.add(n);
    for (const other of parsed.definitions.keys())
      if (other !== n && new RegExp(`\\b${other}\\b`).test(text)) visit(other);
  };
  visit(name);
  if (!needed.size) throw new Error(`split-exports: no ${name}`);
  const body = [...parsed.definitions].filter(([n]) => needed.has(n)).map(([, text]) => text);
  return `${parsed.imports.join('\n')}\n${body.join('\n')}\nexport { ${name} };\n`;
}

/** The `Field.Part` uses of Ark's namespace rewritten to imports of the parts by name; unchanged text: none. */
export function rewriteFieldParts(code: string, fieldExports: ReadonlySet<string>): string {
  const fieldImport = /import\s*\{([^}]*)\bField\b([^}]*)\}\s*from\s*'@ark-ui\/react\/field';/;
  const match = fieldImport.exec(code);
  if (!match) return code;
  const parts = new Set([...code.matchAll(/\bField\.(\w+)/g)].map((m) => m[1] ?? ''));
  const bare = code.replace(fieldImport, '').match(/\bField\b(?!\.)/g);
  if (bare || !parts.size) return code;
  const rest = `${match[1]}${match[2]}`
    .replace(/,\s*,/, ',')
    .replace(/^\s*,|,\s*$/g, '')
    .trim();
  const lines = [...parts].map((part) => {
    if (!fieldExports.has(`Field${part}`))
      throw new Error(`split-exports: '@ark-ui/react/field' exports no Field${part}`);
    return `import { Field${part} as ArkField_${part} } from '@ark-ui/react/field';`;
  });
  if (rest) lines.push(`import { ${rest} } from '@ark-ui/react/field';`);
  return code.replace(fieldImport, lines.join('\n')).replace(/\bField\.(\w+)/g, 'ArkField_$1');
}

/** A Chakra module's imports of the split files rewritten to one module per name; unchanged text: none. */
export function rewriteSplitImports(
  code: string,
  id: string,
  splitFiles: ReadonlySet<string>,
  onSplit?: (file: string) => void,
) {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)';?/g, (all, list: string, rel: string) => {
    const file = resolve(dirname(id), rel);
    if (!splitFiles.has(file)) return all;
    onSplit?.(file);
    return list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [name = '', local = name] = s.split(/\s+as\s+/);
        return `import { ${name} as ${local} } from ${JSON.stringify(`${PREFIX}${file}#${name}`)};`;
      })
      .join('\n');
  });
}

/** The Ark field entry's export names (what `Field.Part` may become). */
export const arkFieldExports = (): Set<string> => new Set(parseBarrel(entryFile('@ark-ui/react', './field')).keys());

export function splitExports(): Plugin {
  const splitFiles = new Set(SPLIT_FILES.map((file) => packageFile('@chakra-ui/react', file, 'split-exports')));
  const fieldUsers = new Set(FIELD_USERS.map((file) => packageFile('@chakra-ui/react', file, 'split-exports')));
  const chakraEsm = `${join(packageDir('@chakra-ui/react'), 'dist', 'esm')}/`;
  const fieldExports = arkFieldExports();
  const parsedOf = cachedBy(parseSplitFile);
  const split = new Set<string>();
  const fieldRewritten = new Set<string>();
  return {
    name: 'split-exports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [file = '', name = ''] = id.slice(PREFIX.length + 1).split('#');
      return moduleOf(parsedOf(file), name);
    },
    transform(code, id) {
      if (!id.startsWith(chakraEsm) || splitFiles.has(id)) return null;
      try {
        let out = rewriteSplitImports(code, id, splitFiles, (file) => split.add(file));
        const next = rewriteFieldParts(out, fieldExports);
        if (next !== out) fieldRewritten.add(id);
        else if (fieldUsers.has(id))
          throw new Error(`split-exports: ${id} no longer uses Ark's Field namespace as expected`);
        out = next;
        return out === code ? null : { code: out, map: null };
      } catch (err) {
        this.error(err instanceof Error ? err.message : String(err));
      }
    },
    buildEnd(error) {
      if (error) return;
      for (const file of splitFiles)
        if (!split.has(file)) this.error(`split-exports: no module of the build imported ${file}`);
      for (const file of fieldUsers)
        if (!fieldRewritten.has(file)) this.error(`split-exports: ${file} was not part of the build`);
    },
  };
}
