import type { Plugin } from 'vite';
import { type PatchedPackage, packageFile } from './patched-packages';

/** One edit of a published module's text: `from` (every match of a global RegExp) becomes `to`. */
export type ModuleEdit = readonly [from: string | RegExp, to?: string];

export interface ModulePatch {
  /** The plugin's name, in its errors. */
  readonly name: string;
  /** The package the file belongs to (its installed version is checked, patched-packages.ts). */
  readonly pkg: PatchedPackage;
  /** The file's path inside the package, e.g. 'dist/esm/styled-system/system.js'. */
  readonly file: string;
  readonly edits: readonly ModuleEdit[];
}

/**
 * The module's text with every edit applied. Each edit must change something: when the text no
 * longer holds what an edit expects, this throws with the file and the expected text.
 */
export function applyEdits(patch: ModulePatch, code: string): string {
  let out = code;
  for (const [from, to = ''] of patch.edits) {
    const next = out.replace(from, to);
    if (next === out)
      throw new Error(`${patch.name}: expected text not found in ${patch.pkg}/${patch.file}: ${String(from)}`);
    out = next;
  }
  return out;
}

/**
 * A build-only plugin that rewrites one published module (a file of a patched package) with a list
 * of text edits. It fails the build, naming the file and the text, when the installed version is
 * not the one the edits were written for, when the file is missing, when an edit finds nothing to
 * change, or when the file was never part of the build (it moved and something else is loaded):
 * never a silent build with the module unpatched. The server renderer and the tests use the module
 * as published.
 */
export function patchModule(patch: ModulePatch): Plugin {
  const target = packageFile(patch.pkg, patch.file, patch.name);
  let patched = false;
  return {
    name: patch.name,
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== target) return null;
      patched = true;
      try {
        return { code: applyEdits(patch, code), map: null };
      } catch (err) {
        this.error(err instanceof Error ? err.message : String(err));
      }
    },
    buildEnd(error) {
      if (!error && !patched) this.error(`${patch.name}: ${target} was not part of the build, so it was not patched`);
    },
  };
}
