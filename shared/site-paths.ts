/**
 * The SPA paths the server needs to know: the public storefront pages (sitemap.xml) and the areas
 * crawlers are kept out of (robots.txt). The SPA's frontend/src/config/paths.ts spreads
 * storefrontPaths; a unit test checks that its private pages fall under privatePathPrefixes.
 */
export const storefrontPaths = {
  home: '/',
  marketplace: '/marketplace',
  categories: '/marketplace/categories',
  category: (slug: string) => `/marketplace/category/${encodeURIComponent(slug)}`,
  app: (slugOrId: string) => `/marketplace/app/${encodeURIComponent(slugOrId)}`,
} as const;

/** Developer portal, admin panel, sign-in, a buyer's own pages and the APIs: nothing for a search engine. */
export const privatePathPrefixes = [
  '/dashboard',
  '/admin',
  '/admin-login',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/marketplace/purchase-success',
  '/marketplace/my-purchases',
  '/api/',
  '/v1/',
] as const;
