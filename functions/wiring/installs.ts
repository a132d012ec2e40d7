/**
 * Installs with consent (core/installs/installs-service.ts) wired to DynamoDB, the apps'
 * declarations and the developers' webhooks (install.created / install.updated / install.revoked).
 * Used by licence delivery (wiring/fulfilment.ts), the buyer's and the Partner API's install routes.
 */

import { dynamoInstallStore } from '../adapters/dynamodb/installs-repo';
import { reviewedDeclarationSource } from '../adapters/dynamodb/permissions-repo';
import { findUserProfile } from '../adapters/dynamodb/users-repo';
import { createInstallsService } from '../core/installs/installs-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { publishEvent } from './webhook-events';

export const installsService = /* @__PURE__ */ lazyService(() =>
  createInstallsService({
    store: dynamoInstallStore,
    // The buyer's addresses, read without the password hash (a projected read).
    users: { findById: findUserProfile },
    declarations: reviewedDeclarationSource,
    events: { publish: (appId, type, data) => publishEvent(appId, type, data) },
    log: logger,
  }),
);
