/** The admin's view of a developer (core/api-keys/developer-admin.ts): approvals, keys, webhook logs. */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoWebhookLogReader } from '../adapters/dynamodb/licences-read-repo';
import { dynamoUserDirectory } from '../adapters/dynamodb/user-directory-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createDeveloperAdminService } from '../core/api-keys/developer-admin';
import { logger } from '../http/logger';
import { apiKeys } from './api-keys';
import { lazyService } from './lazy';

export const developerAdmin = /* @__PURE__ */ lazyService(() =>
  createDeveloperAdminService({
    users: dynamoUsersRepository,
    directory: dynamoUserDirectory,
    keys: dynamoApiKeyRepository,
    apiKeys,
    logs: dynamoWebhookLogReader,
    mailer: sesMailer,
    appUrl: getConfig().APP_URL,
    log: logger,
  }),
);
