/**
 * Data access declarations (core/data-access/data-access-service.ts): checked against the synced
 * catalogue, read by the marketplace (a listed app's, public) and written by developer-apps.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoDataAccessStore } from '../adapters/dynamodb/data-access-repo';
import { dynamoCatalogueQueries } from '../adapters/dynamodb/sync-repo';
import { createDataAccessService } from '../core/data-access/data-access-service';
import { lazyService } from './lazy';

export const dataAccess = /* @__PURE__ */ lazyService(() =>
  createDataAccessService({
    catalogue: dynamoCatalogueQueries,
    store: dynamoDataAccessStore,
    apps: new DynamoAppsRepository(),
  }),
);
