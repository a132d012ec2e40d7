/** The admin's apps (core/apps/admin-apps-service.ts): approval, suspension, deletion, the Sales column. */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoKeyPool } from '../adapters/dynamodb/key-pool-repo';
import { salesCountersOf } from '../adapters/dynamodb/purchases-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { sesMailer } from '../adapters/mailer';
import { s3Uploads } from '../adapters/s3-uploads';
import { getConfig } from '../config';
import { createAdminAppsService } from '../core/apps/admin-apps-service';
import { logger } from '../http/logger';
import { withQueuedPoolDelete } from './catalogue-jobs';
import { lazyService } from './lazy';

export const adminApps = /* @__PURE__ */ lazyService(() =>
  createAdminAppsService({
    apps: new DynamoAppsRepository(),
    users: dynamoUsersRepository,
    keyPool: withQueuedPoolDelete(dynamoKeyPool),
    webhooks: dynamoWebhookStore,
    uploads: { store: s3Uploads, siteOrigin: getConfig().APP_URL },
    mailer: sesMailer,
    appUrl: getConfig().APP_URL,
    log: logger,
    // The Sales column: counters on the app items, kept in the purchases' own transactions.
    sales: salesCountersOf,
  }),
);
