/** API keys (core/api-keys/api-keys-service.ts): the developer's own keys, the Partner API's key check, the admin's rotation. */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { createApiKeysService } from '../core/api-keys/api-keys-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export const apiKeys = lazyService(() =>
  createApiKeysService({ keys: dynamoApiKeyRepository, users: dynamoUsersRepository, log: logger }),
);
