import { preloadScreenAt, storefrontPagesOf, storefrontRoutesOf } from './storefront-routes';

/** The four storefront pages as the browser has them: each screen loaded on demand. */
export const storefrontPages = storefrontPagesOf({
  home: () => import('./routes/marketplace/home'),
  categories: () => import('./routes/marketplace/categories'),
  category: () => import('./routes/marketplace/category'),
  app: () => import('./routes/marketplace/app-detail'),
});

const storefrontRoutes = storefrontRoutesOf(storefrontPages);

/** Loads the screen of the storefront page at `pathname` (nothing elsewhere), before hydration. */
export const preloadStorefrontScreen = (pathname: string): Promise<void> => preloadScreenAt(storefrontRoutes, pathname);
