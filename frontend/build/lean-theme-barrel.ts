import type { Plugin } from 'vite';
import { type ModulePatch, patchModule } from './patch-module';

/**
 * Keeps the recipes that only screens loaded on demand use (components/ui/all-recipes.ts) out of the
 * visitor's first download.
 *
 * `@chakra-ui/react/theme` is a barrel: besides its own definitions (tokens, semantic tokens, the
 * CSS variables' prefix and root) it re-exports every recipe and imports every recipe for its
 * `recipes`, `slotRecipes` and `defaultThemeConfig`. The design system (system.ts, in the entry
 * chunk) imports the barrel, so every recipe becomes a static dependency of the entry, and the
 * bundler puts even those that only all-recipes.ts uses into the entry's chunks. The app's imports of recipes go to their own
 * files (directImports, which reads the barrel's original text); this build-only transform cuts
 * the barrel's edges to the recipes: their re-exports and `recipes`, `slotRecipes` and
 * `defaultThemeConfig`, which the app does not use (importing them fails the build, loudly).
 */
export const LEAN_THEME_BARREL: ModulePatch = {
  name: 'lean-theme-barrel',
  pkg: '@chakra-ui/react',
  file: 'dist/esm/theme/index.js',
  edits: [
    [/^export \{ \w+Recipe \} from '\.\/recipes\/[^']+';\n/gm],
    ["import { recipes } from './recipes.js';\n"],
    ["import { slotRecipes } from './slot-recipes.js';\n"],
    [/\nconst defaultThemeConfig = defineConfig\(\{[\s\S]*?\n\}\);\n/, '\n'],
    [/\bdefaultThemeConfig, /],
    [/\brecipes, /],
    [/\bslotRecipes, /],
  ],
};

export const leanThemeBarrel = (): Plugin => patchModule(LEAN_THEME_BARREL);
