import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** For the plugins' tests: the repository's root and the web app's own source files (tests aside). */
export const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function files(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path, match);
    return match.test(entry.name) ? [path] : [];
  });
}

/** Every file under `dir` whose name matches. */
export const filesUnder = files;

/** The web app's source files (frontend/src, no tests) with their text. */
export const appSources = (): { file: string; code: string }[] =>
  files(join(REPO, 'frontend', 'src'), /^(?!.*\.test\.tsx?$).*\.tsx?$/).map((file) => ({
    file,
    code: readFileSync(file, 'utf8'),
  }));

/**
 * Imports a module's text as if it stood at `file` (a dependency's file, edited): its relative
 * imports point at the files beside `file`, its bare ones resolve from the repository's
 * node_modules. The text is written to a temporary folder, never into node_modules.
 */
export async function importAs<T>(file: string, code: string): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'patched-module-'));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  try {
    const absolute = code.replace(
      /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g,
      (_all, lead: string, quote: string, rel: string) =>
        `${lead}${quote}${pathToFileURL(resolve(dirname(file), rel)).href}${quote}`,
    );
    const target = join(dir, 'module.mjs');
    writeFileSync(target, absolute);
    return (await import(/* @vite-ignore */ pathToFileURL(target).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
