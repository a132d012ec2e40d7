import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * What the SWR-key test reads (api/swr-keys.test.ts): for each call of `useSWR`, `useSWRImmutable`
 * or `preload` in the app's modules, the key it passes. SWR caches by key, so two modules that
 * read one key with their own fetchers and options race: whichever mounts first decides what is
 * cached. A key read by several features has one hook in frontend/src/api/.
 *
 * A key is a string literal, a constant (declared in the module or imported from another), or a
 * key builder's call (`appDetailKey(slug)`, a key per argument, not compared), possibly behind
 * `condition ? key : null`. A parameter passed through as the key is a hook that lets each caller
 * bring its own fetcher for any key, and is reported too.
 */
export interface Source {
  file: string;
  code: string;
}

export interface KeyUse {
  file: string;
  /** The key's text when it is a literal or a constant. */
  key?: string;
  /** The expression, when it is a parameter passed through (neither literal, constant nor call). */
  passedThrough?: string;
}

const CALL = /\b(?:useSWR|useSWRImmutable|preload)\s*(?:<[^>()]*(?:<[^>()]*>[^>()]*)*>)?\s*\(/g;

/** The text of the call's first argument, from just after its `(` to the top-level `,` or `)`. */
function firstArgument(code: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return code.slice(start, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return code.slice(start, i).trim();
  }
  return code.slice(start).trim();
}

const LITERAL = /^(['"`])([^'"`$\\]*)\1$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The value of `const name = '...'` (or a template, as written) at a module's top level. */
function constantIn(code: string, name: string): string | undefined {
  const m = new RegExp(
    `^(?:export\\s+)?const\\s+${name}\\s*(?::\\s*string\\s*)?=\\s*(?:(['"])([^'"\\\\]*)\\1|\`([^\`]*)\`)`,
    'm',
  ).exec(code);
  return m ? (m[2] ?? m[3]) : undefined;
}

/** The module and exported name a local name is imported as, if it is imported. */
function importOf(code: string, local: string): { from: string; name: string } | undefined {
  for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g))
    for (const part of (m[1] ?? '').split(',')) {
      const [name = '', alias = name] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (alias === local) return { from: m[2] ?? '', name };
    }
  return undefined;
}

const candidates = (path: string) => [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`, path];

/**
 * Every key use in `sources`. `read` gives a module's text by its path (the sources themselves, or
 * files on disk), to resolve imported constants.
 */
export function keyUses(sources: Source[], read: (file: string) => string | undefined): KeyUse[] {
  const resolveConstant = (file: string, code: string, name: string): string | undefined => {
    const own = constantIn(code, name);
    if (own !== undefined) return own;
    const imported = importOf(code, name);
    if (!imported?.from.startsWith('.')) return undefined;
    for (const candidate of candidates(resolve(dirname(file), imported.from))) {
      const text = read(candidate);
      if (text !== undefined) return resolveConstant(candidate, text, imported.name);
    }
    return undefined;
  };
  return sources.flatMap(({ file, code }) =>
    [...code.matchAll(CALL)].flatMap((m): KeyUse[] => {
      let arg = firstArgument(code, (m.index ?? 0) + m[0].length);
      // `condition ? key : null`: the key.
      const conditional = /^[^?]+\?\s*([\s\S]+?)\s*:\s*null$/.exec(arg);
      if (conditional) arg = conditional[1] ?? arg;
      const literal = LITERAL.exec(arg);
      if (literal) return [{ file, key: literal[2] ?? '' }];
      if (!IDENTIFIER.test(arg)) return []; // a key builder's call or a template: a key per argument
      const key = resolveConstant(file, code, arg);
      return [key === undefined ? { file, passedThrough: arg } : { file, key }];
    }),
  );
}

/** The problems: a key read by more than one module, and keys passed through. Empty when none. */
export function keyProblems(uses: KeyUse[], name: (file: string) => string = (file) => file): string[] {
  const byKey = new Map<string, Set<string>>();
  for (const use of uses)
    if (use.key !== undefined) byKey.set(use.key, (byKey.get(use.key) ?? new Set()).add(name(use.file)));
  return [
    ...[...byKey]
      .filter(([, files]) => files.size > 1)
      .map(([key, files]) => `'${key}' is read by ${[...files].sort().join(' and ')}: give it one hook in api/`),
    ...uses
      .filter((use) => use.passedThrough)
      .map((use) => `${name(use.file)} passes its ${use.passedThrough} through as an SWR key`),
  ];
}

/** A module's text from disk, undefined when there is no such file. */
export const readModule = (file: string): string | undefined =>
  existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
