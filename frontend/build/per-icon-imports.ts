import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Makes `import { LuSearch } from 'react-icons/lu'` cost only the icons a chunk uses.
 *
 * react-icons ships each icon set as one module. A bundler puts a module in exactly one chunk, so
 * the set's module lands in a chunk shared by every screen and a visitor of '/' downloads every
 * icon the developer and admin areas use (about 7 KB gzip). This plugin rewrites those imports
 * (build only) to one virtual module per icon, cut out of the set's file, so each icon goes where
 * it is used. Source files keep the ordinary import, which tests and the server renderer run as is.
 */
const SET = 'react-icons/lu';
const PREFIX = '\0react-icons-lu:';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/lu['"];?/g;

export function perIconImports(): Plugin {
  let source: string | undefined;
  const setSource = () => {
    source ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve(SET)), 'index.mjs'), 'utf8');
    return source;
  };
  return {
    name: 'per-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes(SET)) return null;
      const out = code.replace(IMPORT, (_all, names: string) =>
        names
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/);
            return `import ${local} from '${PREFIX}${imported}';`;
          })
          .join('\n'),
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const match = new RegExp(`export function ${name} \\(props\\) \\{\\n([^\\n]*)\\n\\};`).exec(setSource());
      if (!match) throw new Error(`${SET} has no icon ${name}`);
      const code = `import { GenIcon } from 'react-icons/lib';\nexport default function ${name}(props) {\n${match[1]}\n}\n`;
      // A line-for-line source map, so every chunk keeps a map that lists its modules.
      const mappings = code.split('\n').map((_line, i) => (i === 0 ? 'AAAA' : 'AACA'));
      return {
        code,
        map: {
          version: 3,
          sources: [`${SET}/${name}`],
          sourcesContent: [code],
          names: [],
          mappings: mappings.join(';'),
        },
      };
    },
  };
}
