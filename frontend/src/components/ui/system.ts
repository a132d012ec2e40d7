import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type RecipeDefinition,
  type SlotRecipeConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** The app's look: a calm teal-blue `brand` palette for primary actions and a system font stack. */
const brandConfig = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
        body: {
          value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
      },
      colors: {
        brand: {
          50: { value: '#e8f7f8' },
          100: { value: '#c6ebee' },
          200: { value: '#95d9df' },
          300: { value: '#5fc3cc' },
          400: { value: '#2fa9b5' },
          500: { value: '#148e9b' },
          600: { value: '#0d7482' },
          700: { value: '#0e5d69' },
          800: { value: '#104b55' },
          900: { value: '#103e47' },
          950: { value: '#07282f' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Readable on white (WCAG AA 4.5:1): Chakra's default subtle grey (gray.400, 2.56:1) and the
        // white-on-600 solid badges of the light palettes (green 3.29:1, orange, yellow, teal, cyan)
        // fall short; one shade darker passes.
        fg: { subtle: { value: '{colors.gray.500}' } },
        green: { solid: { value: '{colors.green.700}' }, fg: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' }, fg: { value: '{colors.orange.700}' } },
        yellow: { solid: { value: '{colors.yellow.700}' }, fg: { value: '{colors.yellow.800}' } },
        teal: { solid: { value: '{colors.teal.700}' }, fg: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' }, fg: { value: '{colors.cyan.700}' } },
      },
    },
  },
  globalCss: {
    body: { bg: 'gray.50' },
  },
});

/**
 * The recipes of the components on the storefront's pages (buttons, headings, inputs, links,
 * cards, the empty state, the native selects...). Chakra's other recipes this product uses wait in
 * all-recipes.ts (about 10 KB gzip, loaded with any screen or panel that may need them, see
 * with-all-recipes.ts) or are added by the one storefront screen that uses them (addSlotRecipes).
 * A component whose recipe is not added yet renders unstyled, so the system says so on the console.
 */
const recipes: Record<string, RecipeDefinition> = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
};
const slotRecipes: Record<string, SlotRecipeConfig> = {
  card: cardSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
};

/**
 * Chakra's semantic tokens without their dark-mode values: the product is light mode only, and each
 * `_dark` value costs the system's creation time on every page load and a CSS variable in every
 * server-rendered page's head (a fifth of the tokens' CSS). The light values stay conditional, so
 * every style resolves to the same CSS variable as before.
 */
function withoutDark<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '_dark')
      .map(([key, inner]) => [key, withoutDark(inner)]),
  ) as T;
}

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: withoutDark(semanticTokens),
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

let system: SystemContext | undefined;
let serverGlobalStyles = false;

/**
 * The design system: Chakra's defaults (lean, see above) plus the brand. Light mode only.
 *
 * Made at its first use, not when this module loads: creating it is tens of milliseconds of a slow
 * phone's main thread (Chakra builds every token), and a storefront page's scripts would otherwise
 * spend them in the one long task that evaluates them. main.tsx makes it in a task of its own
 * before hydrating.
 */
export function getSystem(): SystemContext {
  if (system) return system;
  // createSystem merges its configs itself: merging two of them beforehand walked Chakra's whole
  // base config once more at every page load.
  const made = createSystem(defaultBaseConfig, chakraTheme, brandConfig);
  if (serverGlobalStyles) made._global = [];
  reportMissingRecipes(made);
  system = made;
  return made;
}

/**
 * On a page the server rendered, its <head> already holds the system's global styles (the reset,
 * the tokens' CSS variables, the global CSS: ssr/critical-styles.ts), and they stay there for the
 * rest of the visit: the provider need not compute and insert them again. The browser build
 * computes them only when asked (build/lazy-global-styles.ts), so a hydrating page skips that work.
 * Call before the first render.
 */
export function keepServerGlobalStyles(): void {
  serverGlobalStyles = true;
  if (system) system._global = [];
}

/**
 * Adds recipes to the system, before the first render of a component that uses them (at the top of
 * the module that renders it). The system reads its recipes by key when a component asks; before
 * it is made, they join the theme it is made from.
 */
export function addRecipes({
  recipes: more = {},
  slotRecipes: moreSlot = {},
}: {
  recipes?: Record<string, RecipeDefinition>;
  slotRecipes?: Record<string, SlotRecipeConfig>;
}): void {
  const theme = system ? system._config.theme : chakraTheme.theme;
  if (!theme) throw new Error('the design system has no theme');
  theme.recipes = Object.assign(theme.recipes ?? {}, more);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, moreSlot);
}

/** addRecipes for slot recipes only. */
export const addSlotRecipes = (slotRecipes: Record<string, SlotRecipeConfig>) => addRecipes({ slotRecipes });

// Chakra caches a recipe's function by key on first use: a key asked for before its recipe was
// added would stay unstyled. Such a key is reported and not cached. (Some components ask for a
// recipe Chakra's theme does not have, such as "text": those stay quiet, as before.)
const DEFERRED_RECIPES = new Set([
  'checkmark',
  'code',
  'colorSwatch',
  'kbd',
  'mark',
  'radiomark',
  'skipNavLink',
  'textarea',
]);
const missing = (kind: string, key: string) =>
  console.error(`Chakra ${kind} "${key}" is not loaded: add it with addRecipes (components/ui/system.ts)`);

function reportMissingRecipes(made: SystemContext): void {
  const recipeFn = made.getRecipeFn;
  made.getRecipeFn = (key: string, fallback?: unknown) => {
    if (fallback || made.isRecipe(key) || !DEFERRED_RECIPES.has(key)) return recipeFn(key, fallback);
    missing('recipe', key);
    return made.cva({});
  };
  const slotRecipeFn = made.getSlotRecipeFn;
  made.getSlotRecipeFn = (key: string, fallback?: unknown) => {
    if (fallback || made.isSlotRecipe(key)) return slotRecipeFn(key, fallback);
    missing('slot recipe', key);
    return made.sva({ slots: [] });
  };
}
