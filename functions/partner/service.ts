/**
 * Composition root of the partner Lambda (the Partner API): key authentication and quotas from
 * the API keys service, licence and catalogue reads from the partner service. Created once per
 * container.
 */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoEventTypeCatalogue, dynamoLicenceLookup } from '../adapters/dynamodb/licences-read-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { createApiKeysService } from '../core/api-keys/api-keys-service';
import { createPartnerService } from '../core/partner/partner-service';
import { logger } from '../http/logger';

export const users = dynamoUsersRepository;
export const apiKeys = createApiKeysService({ keys: dynamoApiKeyRepository, users, log: logger });
export const partner = createPartnerService({ licences: dynamoLicenceLookup, eventTypes: dynamoEventTypeCatalogue });
