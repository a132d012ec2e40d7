/**
 * The developer's apps and uploads (core/apps/developer-apps-service.ts, core/uploads). New pool
 * keys serve waiting buyers (core/apps/key-pool.ts: servingWaitingBuyers) through the fulfilment queue.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoKeyPool } from '../adapters/dynamodb/key-pool-repo';
import { dynamoPermissionsStore } from '../adapters/dynamodb/permissions-repo';
import { dynamoAppUploadLock, dynamoUploadClaims } from '../adapters/dynamodb/upload-lock';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { s3Uploads } from '../adapters/s3-uploads';
import { getConfig } from '../config';
import { createDeveloperAppsService } from '../core/apps/developer-apps-service';
import { servingWaitingBuyers } from '../core/apps/key-pool';
import { uploadQuota } from '../core/uploads/upload-quota';
import { createUploadService } from '../core/uploads/upload-service';
import { logger } from '../http/logger';
import { categoryService } from './catalogue';
import { withQueuedPoolDelete } from './catalogue-jobs';
import { queuedFulfilment } from './fulfilment-queue';
import { lazyService } from './lazy';
import { rateLimiter } from './rate-limits';

const apps = new DynamoAppsRepository();

export const developerApps = /* @__PURE__ */ lazyService(() =>
  createDeveloperAppsService({
    apps,
    categories: categoryService,
    webhooks: dynamoWebhookStore,
    keyPool: servingWaitingBuyers(withQueuedPoolDelete(dynamoKeyPool), {
      refill: (appId) => queuedFulfilment.refill(appId),
      log: logger,
    }),
    uploads: { store: s3Uploads, siteOrigin: getConfig().APP_URL },
    declarations: dynamoPermissionsStore,
    allowHttpWebhooks: getConfig().RUNTIME === 'local',
    log: logger,
  }),
);

export const uploads = /* @__PURE__ */ lazyService(() =>
  createUploadService({
    store: s3Uploads,
    apps,
    quota: uploadQuota(rateLimiter, () => getConfig().UPLOADS_MAX_PENDING_PER_DEVELOPER),
    lock: dynamoAppUploadLock,
    claims: dynamoUploadClaims,
    siteOrigin: getConfig().APP_URL,
  }),
);
