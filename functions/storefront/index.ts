import { createPublicGroupHandler } from '../http/group-handler';
import { appPage, categoriesPage, categoryPage, homePage } from './pages';

/**
 * Lambda of the "storefront" route group: the marketplace pages rendered on the server (behind
 * CloudFront in the cloud, behind the local server locally). Developer and admin areas stay the SPA.
 */
export const handler = createPublicGroupHandler('storefront', {
  'GET /': homePage,
  'GET /marketplace/categories': categoriesPage,
  'GET /marketplace/category/{slug}': categoryPage,
  'GET /marketplace/app/{slug}': appPage,
});
