/**
 * The installs as the Partner API reads them (GET /v1/installs): the same service as
 * wiring/installs.ts without the webhook publisher and the accounts, so the partner function
 * carries no fan-out code (it never changes an install).
 */

import { dynamoInstallStore } from '../adapters/dynamodb/installs-repo';
import { reviewedDeclarationSource } from '../adapters/dynamodb/permissions-repo';
import { createInstallsService } from '../core/installs/installs-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export const installReader = /* @__PURE__ */ lazyService(() =>
  createInstallsService({ store: dynamoInstallStore, declarations: reviewedDeclarationSource, log: logger }),
);
