/**
 * The SPA paths the server needs to know: the public storefront pages (sitemap.xml) and the areas
 * crawlers are kept out of (robots.txt). The SPA's path table (frontend/src/config/paths.ts) takes
 * its storefront paths from here; shared/site-paths.test.ts checks that its private pages fall under
 * the prefixes.
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

/**
 * The pages a mailed link opens with its one-use token (`?token=`): the server builds the links,
 * the SPA routes the pages (frontend/src/config/paths.ts writes them out too; site-paths.test.ts
 * holds the two equal).
 */
export const tokenLinkPaths = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  loginLink: '/login/link',
  claimAccount: '/claim-account',
  acceptInvitation: '/accept-invitation',
  confirmLicense: '/marketplace/confirm-license',
  appAccess: '/marketplace/app-access',
} as const;

/** `path` under the site's origin, however many trailing slashes the origin was configured with. */
export function siteUrl(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

/** One of tokenLinkPaths' pages, written out where the link is built (a bundle keeps only the paths it uses). */
export type TokenLinkPath = (typeof tokenLinkPaths)[keyof typeof tokenLinkPaths];

/** The link a mail carries to one of tokenLinkPaths' pages, with its token. */
export function tokenLink(appUrl: string, path: TokenLinkPath, token: string): string {
  return siteUrl(appUrl, `${path}?token=${encodeURIComponent(token)}`);
}
