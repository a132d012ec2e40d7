import * as app from '../app/routes/marketplace/app-detail';
import * as categories from '../app/routes/marketplace/categories';
import * as category from '../app/routes/marketplace/category';
import * as home from '../app/routes/marketplace/home';
import { storefrontPagesOf, storefrontRoutesOf } from '../app/storefront-routes';

/**
 * The storefront pages as the server renders them: the same routes as the browser's
 * (app/storefront-pages.ts), with the screens imported up front instead of `import()`ed. The
 * renderer has them all anyway, and in its bundle a dynamic import would make esbuild wrap each
 * module it reaches for lazy evaluation, keeping code of Chakra, Ark and Zag that no page uses
 * (~23 KB minified).
 */
export const storefrontRoutes = storefrontRoutesOf(
  storefrontPagesOf({
    home: async () => home,
    categories: async () => categories,
    category: async () => category,
    app: async () => app,
  }),
);
