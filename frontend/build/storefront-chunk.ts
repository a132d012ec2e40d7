import type { Plugin } from 'vite';

/**
 * The fewest files on a visitor's critical path:
 * - everything the home screen imports statically (besides what the entry chunk already holds)
 *   goes into one `storefront` chunk, instead of the dozens of small chunks automatic splitting
 *   cuts from code the home screen shares with other screens (Chakra components, the marketplace
 *   features). '/' then needs the entry, this chunk and the home screen's chunk;
 * - what the other storefront screens (categories, a category, an app) import statically beyond
 *   that goes into one `storefront-screens` chunk, so each of those pages needs two more files
 *   (its screen's chunk and this one) instead of up to a dozen small ones (icons, lists, tags...),
 *   each a request a phone on a mobile network waits for before the page can hydrate.
 * All of them are announced with <link rel="modulepreload">.
 *
 * The plugin records the module graph at the end of the build; the groups of `codeSplitting`
 * (vite.config.ts) ask it which modules belong where.
 */
export function storefrontChunk(entryModule: string, homeModule: string, screenModules: string[]) {
  const entryClosure = new Set<string>();
  const homeClosure = new Set<string>();
  const screensClosure = new Set<string>();
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
      const moduleIds = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const id = moduleIds.find((m) => m.endsWith(suffix));
        if (!id) this.error(`storefront-chunk: no module ${suffix}`);
        return id;
      };
      for (const id of moduleIds) if (this.getModuleInfo(id)?.isEntry) entries.add(id);
      for (const id of entries) walk(id, entryClosure);
      for (const id of entryClosure) if (id.endsWith(entryModule)) entries.add(id);
      const home = find(homeModule);
      walk(home, homeClosure);
      entries.add(home);
      for (const suffix of screenModules) {
        const screen = find(suffix);
        walk(screen, screensClosure);
        entries.add(screen);
      }
    },
  };
  const own = (id: string) => !entries.has(id) && !id.includes('node_modules');
  /**
   * For the `storefront` group's `test`: imported statically by the entry or the home screen
   * (main.tsx and home.tsx keep their own small chunks, the manifest's keys for them).
   */
  const test = (id: string) => (homeClosure.has(id) || entryClosure.has(id)) && own(id);
  /**
   * For the `storefront-screens` group's `test` (a lower priority than `storefront`, which keeps
   * what '/' needs): imported statically by another storefront screen. The screens keep their own
   * chunks. Icons come from node_modules (react-icons), hence no node_modules filter here.
   */
  const screensTest = (id: string) =>
    screensClosure.has(id) && !entries.has(id) && !homeClosure.has(id) && !entryClosure.has(id);
  return { plugin, test, screensTest };
}
