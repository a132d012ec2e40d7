/** API keys (core/api-keys/api-keys-service.ts): the developer's own keys, the Partner API's key check, the admin's rotation. */
import { dynamoApiKeyRepository } from '../adapters/dynamodb/api-keys-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { getConfig } from '../config';
import { createApiKeysService } from '../core/api-keys/api-keys-service';
import { keyHandover } from '../core/api-keys/handover';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

/** A rotated key waits sealed under the JWT secret (and still opens under the previous one after a rotation). */
const handover = keyHandover(() => {
  const cfg = getConfig();
  return { current: cfg.JWT_SECRET, previous: cfg.JWT_PREVIOUS_SECRET };
});

export const apiKeys = /* @__PURE__ */ lazyService(() =>
  createApiKeysService({ keys: dynamoApiKeyRepository, users: dynamoUsersRepository, handover, log: logger }),
);
