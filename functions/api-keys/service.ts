/**
 * Composition root of the api-keys Lambda: the API keys service wired to DynamoDB and the logger,
 * created once per container.
 */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { createApiKeysService } from '../core/api-keys/api-keys-service';
import { logger } from '../http/logger';

export const apiKeys = createApiKeysService({
  keys: dynamoApiKeyRepository,
  users: dynamoUsersRepository,
  log: logger,
});
