import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { entryFile } from './direct-imports';
import { assertPatchedVersion } from './patched-packages';

/**
 * Makes `import { LuSearch } from 'react-icons/lu'` cost only the icons a chunk uses.
 *
 * react-icons ships each icon set as one module. A bundler puts a module in exactly one chunk, so
 * the set's module lands in a chunk shared by every screen and a visitor of '/' downloads every
 * icon the developer and admin areas use (about 7 KB gzip). This plugin rewrites those imports
 * (build only) to one virtual module per icon, cut out of the set's file, so each icon goes where
 * it is used. Source files keep the ordinary import, which tests and the server renderer run as is.
 * The build fails when an import of the set is left uncut or the set's file has no icon of the name
 * in the form read here (`export function LuX (props) {` and one `return GenIcon(...)` line).
 */
const SET = 'react-icons/lu';
const PREFIX = '\0react-icons-lu:';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/lu['"];?/g;

/** The icon set's ESM file (`react-icons/lu` for an import), at the version the edits were written for. */
export function iconSetFile(): string {
  assertPatchedVersion('react-icons', 'per-icon-imports');
  return entryFile('react-icons', './lu');
}

/** The module's imports of the set rewritten to one virtual module per icon (unchanged text: none). */
export function rewriteIconImports(code: string): string {
  return code.replace(IMPORT, (_all, names: string) =>
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
}

/** The module of one icon, cut out of the set's text; throws when the set has no such icon. */
export function iconModule(setSource: string, name: string): string {
  const match = new RegExp(`export function ${name} \\(props\\) \\{\\n(  return GenIcon\\([^\\n]*)\\n\\};`).exec(
    setSource,
  );
  if (!match)
    throw new Error(
      `per-icon-imports: ${SET} (${iconSetFile()}) has no icon ${name} of the form \`export function ${name} (props) {\` + one \`return GenIcon(...)\` line`,
    );
  return `import { GenIcon } from 'react-icons/lib';\nexport default function ${name}(props) {\n${match[1]}\n}\n`;
}

export function perIconImports(): Plugin {
  let source: string | undefined;
  const setSource = () => {
    source ??= readFileSync(iconSetFile(), 'utf8');
    return source;
  };
  return {
    name: 'per-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes(SET)) return null;
      const out = rewriteIconImports(code);
      if (/['"]react-icons\/lu['"]/.test(out))
        this.error(`per-icon-imports: ${id} imports ${SET} in a form not cut per icon`);
      return out === code ? null : { code: out, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const code = iconModule(setSource(), name);
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
