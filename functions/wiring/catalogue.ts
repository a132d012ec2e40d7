/**
 * The catalogue (core/apps/marketplace-service.ts, core/categories): categories and the public
 * marketplace, read by the marketplace and storefront Lambdas, categories also by developer-apps.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../adapters/dynamodb/categories-repo';
import { createMarketplaceService } from '../core/apps/marketplace-service';
import { createCategoryService } from '../core/categories/category-service';
import { lazyService } from './lazy';

const apps = new DynamoAppsRepository();

export const categoryService = /* @__PURE__ */ lazyService(() =>
  createCategoryService({ categories: new DynamoCategoriesRepository(), apps }),
);

export const marketplace = /* @__PURE__ */ lazyService(() =>
  createMarketplaceService({ apps, categories: () => categoryService.listAll() }),
);
