/**
 * Composition root of the developer-apps Lambda: services wired once per container.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../adapters/dynamodb/categories-repo';
import { dynamoKeyPool } from '../adapters/dynamodb/key-pool-repo';
import { s3Uploads } from '../adapters/s3-uploads';
import { getConfig } from '../config';
import { createDeveloperAppsService } from '../core/apps/developer-apps-service';
import { createCategoryService } from '../core/categories/category-service';
import { createUploadService } from '../core/uploads/upload-service';
import { logger } from '../http/logger';

const apps = new DynamoAppsRepository();
const categories = createCategoryService({ categories: new DynamoCategoriesRepository(), apps });
const config = getConfig();

export const developerApps = createDeveloperAppsService({
  apps,
  categories,
  keyPool: dynamoKeyPool,
  uploads: { store: s3Uploads, siteOrigin: config.APP_URL },
  allowHttpWebhooks: config.RUNTIME === 'local',
  log: logger,
});

export const uploads = createUploadService({ store: s3Uploads, apps });
