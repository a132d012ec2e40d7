import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../adapters/dynamodb/categories-repo';
import { createMarketplaceService } from '../core/apps/marketplace-service';
import { createCategoryService } from '../core/categories/category-service';

/** Services of this Lambda, wired once per container (outside the handlers). */
const apps = new DynamoAppsRepository();
const categories = new DynamoCategoriesRepository();

export const categoryService = createCategoryService({ categories, apps });
export const marketplace = createMarketplaceService({ apps, categories: () => categoryService.listAll() });
