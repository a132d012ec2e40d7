import { createPublicGroupHandler } from '../http/group-handler';
import { STOREFRONT_ROUTES } from '../routes';
import { appPage, categoriesPage, categoryPage, homePage } from './pages';

/**
 * Lambda of the "storefront" route group: the marketplace pages rendered on the server (behind
 * CloudFront in the cloud, behind the local server locally). Developer and admin areas stay the SPA.
 */
export const handler = createPublicGroupHandler('storefront', STOREFRONT_ROUTES, {
  'GET /': homePage,
  'GET /marketplace/categories': categoriesPage,
  'GET /marketplace/category/{slug}': categoryPage,
  'GET /marketplace/app/{slug}': appPage,
});
