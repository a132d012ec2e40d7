/**
 * Composition root of the admin Lambda's User Management handlers: created once per container.
 */
import { dynamoApiKeyRepository } from '../../adapters/dynamodb/api-keys-repo';
import { dynamoWebhookLogReader } from '../../adapters/dynamodb/licences-read-repo';
import { dynamoUsersRepository } from '../../adapters/dynamodb/users-repo';
import { sesMailer } from '../../adapters/mailer';
import { createApiKeysService } from '../../core/api-keys/api-keys-service';
import { createDeveloperAdminService } from '../../core/api-keys/developer-admin';
import { logger } from '../../http/logger';

const apiKeys = createApiKeysService({ keys: dynamoApiKeyRepository, users: dynamoUsersRepository, log: logger });

export const developerAdmin = createDeveloperAdminService({
  users: dynamoUsersRepository,
  keys: dynamoApiKeyRepository,
  apiKeys,
  logs: dynamoWebhookLogReader,
  mailer: sesMailer,
  log: logger,
});
