/**
 * Composition root of the admin Lambda's App Management handlers: created once per container.
 */
import { DynamoAppsRepository } from '../../adapters/dynamodb/apps-repo';
import { dynamoKeyPool } from '../../adapters/dynamodb/key-pool-repo';
import { dynamoUsersRepository } from '../../adapters/dynamodb/users-repo';
import { sesMailer } from '../../adapters/mailer';
import { s3Uploads } from '../../adapters/s3-uploads';
import { getConfig } from '../../config';
import { createAdminAppsService } from '../../core/apps/admin-apps-service';
import { logger } from '../../http/logger';
import { purchasesAdmin } from '../admin-purchases/service';

const config = getConfig();

export const adminApps = createAdminAppsService({
  apps: new DynamoAppsRepository(),
  users: dynamoUsersRepository,
  keyPool: dynamoKeyPool,
  uploads: { store: s3Uploads, siteOrigin: config.APP_URL },
  mailer: sesMailer,
  appUrl: config.APP_URL,
  log: logger,
  // The Sales column: completed purchases and revenue from the checkout module.
  sales: async (appIds) => {
    const summary = await purchasesAdmin().salesSummary(appIds);
    return new Map(
      Object.entries(summary).map(([id, s]) => [
        id,
        { purchases: s.purchases, total_sales: s.total_sales, total_revenue_cents: Math.round(s.total_revenue * 100) },
      ]),
    );
  },
});
