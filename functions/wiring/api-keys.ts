/**
 * API keys (core/api-keys): the developer's own keys (api-keys Lambda, the Partner API's key check)
 * and the admin's view of a developer (keys, logs, approvals).
 */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoWebhookLogReader } from '../adapters/dynamodb/licences-read-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { createApiKeysService } from '../core/api-keys/api-keys-service';
import { createDeveloperAdminService } from '../core/api-keys/developer-admin';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export const apiKeys = lazyService(() =>
  createApiKeysService({ keys: dynamoApiKeyRepository, users: dynamoUsersRepository, log: logger }),
);

export const developerAdmin = lazyService(() =>
  createDeveloperAdminService({
    users: dynamoUsersRepository,
    keys: dynamoApiKeyRepository,
    apiKeys,
    logs: dynamoWebhookLogReader,
    mailer: sesMailer,
    log: logger,
  }),
);
