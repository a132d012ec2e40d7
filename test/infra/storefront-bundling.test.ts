/**
 * The storefront Lambda's build (lib/bundling.ts STOREFRONT_BUNDLING) resolves Chakra's theme to
 * frontend/src/ssr/chakra-theme.js, which must be Chakra's theme without its all-recipes default
 * config: the same exports with equal values. A Chakra upgrade that adds, drops or changes one
 * fails here.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chakraTheme from '@chakra-ui/react/theme';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/app-config';
import { functionBundling, lambdaEsbuildOptions, STOREFRONT_BUNDLING } from '../../lib/bundling';

const SHIM = STOREFRONT_BUNDLING.alias['@chakra-ui/react/theme'];

describe("the storefront's Chakra theme (frontend/src/ssr/chakra-theme.js)", () => {
  it('exports what @chakra-ui/react/theme exports but its all-recipes default config, with equal values', async () => {
    const lean = (await import(pathToFileURL(join(REPO_ROOT, SHIM)).href)) as Record<string, unknown>;
    const real = chakraTheme as unknown as Record<string, unknown>;
    const expected = Object.keys(real).filter(
      (name) => !['defaultThemeConfig', 'recipes', 'slotRecipes'].includes(name),
    );
    expect(Object.keys(lean).sort()).toEqual(expected.sort());
    for (const name of expected) expect(lean[name], name).toEqual(real[name]);
  });

  it('is what the storefront bundle gets, and only the recipes in use come with it', async () => {
    const result = await build({
      ...lambdaEsbuildOptions(
        REPO_ROOT,
        'functions/storefront/index.ts',
        'storefront.mjs',
        functionBundling('storefront', undefined),
      ),
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const inputs = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'))?.[1].inputs ?? {};
    const bundled = Object.keys(inputs).filter((path) => (inputs[path]?.bytesInOutput ?? 0) > 0);
    expect(bundled).toContain(SHIM.replace(/^\.\//, ''));
    expect(bundled.filter((path) => path.endsWith('@chakra-ui/react/dist/esm/theme/index.js'))).toEqual([]);
    const recipes = bundled.filter((path) => /@chakra-ui\/react\/dist\/esm\/theme\/recipes\//.test(path));
    // The system's own recipes (components/ui/system.ts) are there; one no storefront page uses is not.
    expect(recipes.some((path) => path.endsWith('/recipes/button.js'))).toBe(true);
    expect(recipes.some((path) => path.endsWith('/recipes/accordion.js'))).toBe(false);
  });
});
