import type { Plugin } from 'vite';

/** One edit of a published module's text: `from` (every match of a global RegExp) becomes `to`. */
export type ModuleEdit = readonly [from: string | RegExp, to?: string];

/**
 * A build-only plugin that rewrites one published module (a dependency's file, matched by `file`)
 * with a list of text edits. Each edit must change something: when a dependency's new version no
 * longer has the text, the build fails and names it, instead of shipping the module unpatched.
 * The server renderer and the tests use the module as published.
 */
export function patchModule(name: string, file: RegExp, edits: readonly ModuleEdit[]): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null;
      let out = code;
      for (const [from, to = ''] of edits) {
        const next = out.replace(from, to);
        if (next === out) this.error(`${name}: ${String(from)} not found in ${id}`);
        out = next;
      }
      return { code: out, map: null };
    },
  };
}
