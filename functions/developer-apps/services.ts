/**
 * Composition root of the developer-apps Lambda: services wired once per container.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../adapters/dynamodb/categories-repo';
import { dynamoKeyPool } from '../adapters/dynamodb/key-pool-repo';
import { s3Uploads } from '../adapters/s3-uploads';
import { buildLicenceFulfilment } from '../checkout/fulfilment-service';
import { getConfig } from '../config';
import { createDeveloperAppsService } from '../core/apps/developer-apps-service';
import type { KeyPoolPort } from '../core/apps/key-pool';
import { createCategoryService } from '../core/categories/category-service';
import { createUploadService } from '../core/uploads/upload-service';
import { logger } from '../http/logger';

const apps = new DynamoAppsRepository();
const categories = createCategoryService({ categories: new DynamoCategoriesRepository(), apps });
const config = getConfig();

/**
 * New pool keys first serve buyers who paid while the pool was empty (out_of_stock), oldest
 * first; a failure there is logged and never fails the developer's save. Licence delivery only:
 * this function takes no payment and bundles no Stripe SDK.
 */
async function serveWaitingBuyers(appId: string): Promise<void> {
  try {
    const served = await buildLicenceFulfilment().retryOutOfStock(appId);
    if (served > 0) logger.info('waiting buyers served from new pool keys', { app_id: appId, served });
  } catch (err) {
    logger.error('serving waiting buyers failed', { app_id: appId, error: (err as Error).message });
  }
}

const keyPool: KeyPoolPort = {
  ...dynamoKeyPool,
  addKeys: async (appId, keys) => {
    const added = await dynamoKeyPool.addKeys(appId, keys);
    if (added > 0) await serveWaitingBuyers(appId);
    return added;
  },
  syncAvailableKeys: async (appId, keys) => {
    const result = await dynamoKeyPool.syncAvailableKeys(appId, keys);
    if (result.added > 0) await serveWaitingBuyers(appId);
    return result;
  },
};

export const developerApps = createDeveloperAppsService({
  apps,
  categories,
  keyPool,
  uploads: { store: s3Uploads, siteOrigin: config.APP_URL },
  allowHttpWebhooks: config.RUNTIME === 'local',
  log: logger,
});

export const uploads = createUploadService({ store: s3Uploads, apps });
