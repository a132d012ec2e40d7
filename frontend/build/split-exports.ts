import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

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
 *   `FieldInput` from its own file (named `ArkField_Input` there).
 *
 * The code that runs is the same; only its placement in chunks changes. Build only.
 */
const CHAKRA_ESM = /\/@chakra-ui\/react\/dist\/esm\//;
const SPLIT = /\/@chakra-ui\/react\/dist\/esm\/(anatomy|components\/icons)\.js$/;
const PREFIX = 'split-export:';

interface Parsed {
  imports: string[];
  reexports: Map<string, string>;
  definitions: Map<string, string>;
}

function parse(file: string): Parsed {
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
  starts.forEach((m, i) => {
    const stop = starts[i + 1]?.index ?? (end >= 0 ? end : code.length);
    definitions.set(m[1] ?? '', code.slice(m.index, stop).trim());
  });
  return { imports, reexports, definitions };
}

/** The module of one export: the imports (unused ones are dropped), its definition and those it uses. */
function moduleOf(parsed: Parsed, name: string): string {
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

export function splitExports(): Plugin {
  const require = createRequire(import.meta.url);
  const arkField = dirname(require.resolve('@ark-ui/react/field'));
  const parsed = new Map<string, Parsed>();
  const parsedOf = (file: string) => {
    let p = parsed.get(file);
    if (!p) {
      p = parse(file);
      parsed.set(file, p);
    }
    return p;
  };
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
      if (!CHAKRA_ESM.test(id) || SPLIT.test(id)) return null;
      let out = code.replace(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)';?/g, (all, list: string, rel: string) => {
        const file = resolve(dirname(id), rel);
        if (!SPLIT.test(file)) return all;
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
      // `Field.Part` of Ark's namespace, when that is all the module uses of it.
      const fieldImport = /import\s*\{([^}]*)\bField\b([^}]*)\}\s*from\s*'@ark-ui\/react\/field';/;
      const match = fieldImport.exec(out);
      if (match) {
        const parts = new Set([...out.matchAll(/\bField\.(\w+)/g)].map((m) => m[1] ?? ''));
        const bare = out.replace(fieldImport, '').match(/\bField\b(?!\.)/g);
        if (!bare && parts.size) {
          const rest = `${match[1]}${match[2]}`
            .replace(/,\s*,/, ',')
            .replace(/^\s*,|,\s*$/g, '')
            .trim();
          const lines = [...parts].map((part) => {
            const kebab = part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
            return `import { Field${part} as ArkField_${part} } from ${JSON.stringify(`${arkField}/field${kebab}.js`)};`;
          });
          if (rest) lines.push(`import { ${rest} } from '@ark-ui/react/field';`);
          out = out.replace(fieldImport, lines.join('\n')).replace(/\bField\.(\w+)/g, 'ArkField_$1');
        }
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
