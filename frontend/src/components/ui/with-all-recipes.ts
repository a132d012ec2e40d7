/**
 * Wraps a dynamic import so that the module arrives with every slot recipe of the design system
 * added (all-recipes.ts): for screens and panels loaded on demand, which may use any Chakra
 * component. The storefront's own screens add the few recipes they need themselves.
 */
export const withAllRecipes =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), import('./all-recipes')]).then(([module]) => module);
