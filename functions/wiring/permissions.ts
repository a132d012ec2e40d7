/**
 * Permissions declarations (core/permissions/permissions-service.ts): checked against the synced
 * catalogue, read by the marketplace (a listed app's, public) and written by developer-apps.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPermissionsStore } from '../adapters/dynamodb/permissions-repo';
import { dynamoCatalogueQueries } from '../adapters/dynamodb/sync-repo';
import { createPermissionsService } from '../core/permissions/permissions-service';
import { lazyService } from './lazy';

export const appPermissions = /* @__PURE__ */ lazyService(() =>
  createPermissionsService({
    catalogue: dynamoCatalogueQueries,
    store: dynamoPermissionsStore,
    apps: new DynamoAppsRepository(),
  }),
);
