import { describe, expect, it } from 'vitest';
import { storefrontChunk } from './storefront-chunk';

/** A module graph as the bundler reports it at the end of a build: id -> its static imports. */
const graph: Record<string, string[]> = {
  '/app/index.html': ['/app/src/main.tsx'],
  '/app/src/main.tsx': ['/app/src/provider.tsx', '/node_modules/react/index.js'],
  '/app/src/provider.tsx': [],
  '/app/src/routes/home.tsx': ['/app/src/ui/card.tsx', '/node_modules/react-icons/lu.js'],
  '/app/src/ui/card.tsx': ['/app/src/ui/tag.tsx'],
  '/app/src/ui/tag.tsx': [],
  '/app/src/routes/app-detail.tsx': ['/app/src/ui/card.tsx', '/app/src/ui/gallery.tsx', '\0react-icons-lu:LuStar'],
  '/app/src/ui/gallery.tsx': [],
  '\0react-icons-lu:LuStar': [],
  '/app/src/routes/admin.tsx': ['/app/src/ui/table.tsx'],
  '/app/src/ui/table.tsx': [],
  '/node_modules/react/index.js': [],
  '/node_modules/react-icons/lu.js': [],
};

function build(screens = ['src/routes/app-detail.tsx']) {
  const chunk = storefrontChunk('src/main.tsx', 'src/routes/home.tsx', screens);
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => ({ isEntry: id === '/app/index.html', importedIds: graph[id] ?? [] }),
    error(message: string): never {
      throw new Error(message);
    },
  };
  (chunk.plugin.buildEnd as (this: typeof context) => void).call(context);
  return chunk;
}

describe('storefrontChunk', () => {
  it("puts what the entry and the home screen import statically into `storefront`, the screens' chunks aside", () => {
    const { test } = build();
    const storefront = Object.keys(graph).filter(test);
    expect(storefront).toEqual(['/app/src/provider.tsx', '/app/src/ui/card.tsx', '/app/src/ui/tag.tsx']);
  });

  it('puts what the other storefront screens add into `storefront-screens`, icons included', () => {
    const { screensTest } = build();
    expect(Object.keys(graph).filter(screensTest)).toEqual(['/app/src/ui/gallery.tsx', '\0react-icons-lu:LuStar']);
  });

  it('fails the build when a screen it names is not in the build', () => {
    expect(() => build(['src/routes/moved.tsx'])).toThrow('storefront-chunk: no module src/routes/moved.tsx');
  });
});
