import { createGroupHandler } from '../http/group-handler';
import { createReview, deleteReview, listReviews, myReview, updateReview } from '../reviews/buyer-reviews';
import { adminListCategories } from './admin-list-categories';
import { appBySlug } from './app-by-slug';
import { getPublicDataAccess } from './app-data-access';
import { categoryApps } from './category-apps';
import { createCategory } from './create-category';
import { deleteCategory } from './delete-category';
import { listApps } from './list-apps';
import { listCategories } from './list-categories';
import { robots } from './robots-txt';
import { sitemap } from './sitemap';
import { updateCategory } from './update-category';

/** Lambda of the "marketplace" route group: every route of routes.ts with group "marketplace". */
export const handler = createGroupHandler('marketplace', {
  'GET /api/marketplace/apps': listApps,
  'GET /api/categories': listCategories,
  'GET /api/marketplace/apps/category/{slug}': categoryApps,
  'GET /api/marketplace/apps/by-slug/{slug}': appBySlug,
  'GET /api/marketplace/apps/{id}/data-access': getPublicDataAccess,
  'GET /sitemap.xml': sitemap,
  'GET /robots.txt': robots,
  'GET /api/apps/{id}/reviews': listReviews,
  'POST /api/apps/{id}/reviews': createReview,
  'GET /api/apps/{id}/reviews/mine': myReview,
  'PUT /api/apps/{id}/reviews/mine': updateReview,
  'DELETE /api/apps/{id}/reviews/mine': deleteReview,
  'GET /api/admin/categories': adminListCategories,
  'POST /api/admin/categories': createCategory,
  'PUT /api/admin/categories/{id}': updateCategory,
  'DELETE /api/admin/categories/{id}': deleteCategory,
});
