/**
 * The catalogue (core/apps/marketplace-service.ts, core/categories): categories and the public
 * marketplace, read by the marketplace and storefront Lambdas, categories also by developer-apps.
 */
import { DynamoAppsRepository, marketplaceReads } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository, listCategoryRecords } from '../adapters/dynamodb/categories-repo';
import { createMarketplaceService } from '../core/apps/marketplace-service';
import { createCategoryService } from '../core/categories/category-service';
import { categoryRefiling } from './catalogue-jobs';
import { lazyService } from './lazy';
import { listingSource } from './listing';

export const categoryService = /* @__PURE__ */ lazyService(() =>
  createCategoryService({
    categories: new DynamoCategoriesRepository(),
    apps: new DynamoAppsRepository(),
    refiling: categoryRefiling,
  }),
);

/** The public marketplace: its reads only (the storefront bundles no app or category writes). */
export const marketplace = /* @__PURE__ */ lazyService(() =>
  createMarketplaceService({
    apps: marketplaceReads,
    categories: listCategoryRecords,
    listing: () => listingSource.current(),
  }),
);
