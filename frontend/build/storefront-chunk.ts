import type { Plugin } from 'vite';

/**
 * The fewest files on a visitor's critical path: everything the home screen imports statically
 * (besides what the entry chunk already holds) goes into one `storefront` chunk, instead of the
 * dozens of small chunks automatic splitting cuts from code the home screen shares with other
 * screens (Chakra components, the marketplace features). '/' then needs the entry, this chunk and
 * the home screen's chunk, all announced with <link rel="modulepreload">.
 *
 * The plugin records the module graph at the end of the build; the `storefront` group of
 * `codeSplitting` (vite.config.ts) asks it which modules belong there.
 */
export function storefrontChunk(entryModule: string, homeModule: string) {
  const entryClosure = new Set<string>();
  const homeClosure = new Set<string>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'storefront-chunk',
    apply: 'build',
    buildEnd() {
      const walk = (id: string, into: Set<string>) => {
        if (into.has(id)) return;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next, into);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) entries.add(id);
      for (const id of entries) walk(id, entryClosure);
      for (const id of entryClosure) if (id.endsWith(entryModule)) entries.add(id);
      const home = [...this.getModuleIds()].find((id) => id.endsWith(homeModule));
      if (!home) this.error(`storefront-chunk: no module ${homeModule}`);
      walk(home, homeClosure);
      entries.add(home);
    },
  };
  /**
   * For the `storefront` group's `test`: imported statically by the entry or the home screen
   * (main.tsx and home.tsx keep their own small chunks, the manifest's keys for them).
   */
  const test = (id: string) =>
    (homeClosure.has(id) || entryClosure.has(id)) && !entries.has(id) && !id.includes('node_modules');
  return { plugin, test };
}
