/**
 * Composition root of the developer-apps Lambda: services wired once per container.
 */

import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../adapters/dynamodb/categories-repo';
import { dynamoKeyPool } from '../adapters/dynamodb/key-pool-repo';
import { dynamoAppUploadLock } from '../adapters/dynamodb/upload-lock';
import { s3Uploads } from '../adapters/s3-uploads';
import { queuedFulfilment } from '../checkout/fulfilment';
import { getConfig } from '../config';
import { createDeveloperAppsService } from '../core/apps/developer-apps-service';
import type { KeyPoolPort } from '../core/apps/key-pool';
import { createCategoryService } from '../core/categories/category-service';
import { createUploadService } from '../core/uploads/upload-service';
import { logger } from '../http/logger';
import { uploadQuota } from './upload-quota';

const apps = new DynamoAppsRepository();
const categories = createCategoryService({ categories: new DynamoCategoriesRepository(), apps });
const config = getConfig();

/**
 * New pool keys first serve buyers who paid while the pool was empty (out_of_stock), oldest
 * first: the fulfilment worker does it (issue 12 item 3), so the developer's save answers at once.
 * A failure to enqueue is logged and never fails the save (the next added key enqueues again).
 */
async function serveWaitingBuyers(appId: string): Promise<void> {
  try {
    await queuedFulfilment.refill(appId);
  } catch (err) {
    logger.error('serving waiting buyers not queued', { app_id: appId, error: (err as Error).message });
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

export const uploads = createUploadService({ store: s3Uploads, apps, quota: uploadQuota, lock: dynamoAppUploadLock });
