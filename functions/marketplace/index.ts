import { createUnauditedGroupHandler } from '../http/group-handler';
import { appBySlug } from './app-by-slug';
import { getPublicPermissions } from './app-permissions';
import { categoryApps } from './category-apps';
import { listApps } from './list-apps';
import { listCategories } from './list-categories';
import { listReviews, myReview } from './reviews';
import { robots } from './robots-txt';
import { sitemap } from './sitemap';

/**
 * Lambda of the "marketplace" route group: every route of routes.ts with group "marketplace". Public
 * reads only (its role may only read the table); category curation is in the admin group.
 */
export const handler = createUnauditedGroupHandler('marketplace', {
  'GET /api/marketplace/apps': listApps,
  'GET /api/categories': listCategories,
  'GET /api/marketplace/apps/category/{slug}': categoryApps,
  'GET /api/marketplace/apps/by-slug/{slug}': appBySlug,
  'GET /api/marketplace/apps/{id}/data-access': getPublicPermissions,
  'GET /sitemap.xml': sitemap,
  'GET /robots.txt': robots,
  'GET /api/apps/{id}/reviews': listReviews,
  'GET /api/apps/{id}/reviews/mine': myReview,
});
