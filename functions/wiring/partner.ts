/** The Partner API (core/partner): licence checks, event types and the calling key's owner, read-only. */
import { dynamoEventTypeCatalogue, dynamoLicenceLookup } from '../adapters/dynamodb/licences-read-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { createPartnerService } from '../core/partner/partner-service';
import { lazyService } from './lazy';

export const partner = /* @__PURE__ */ lazyService(() =>
  createPartnerService({
    licences: dynamoLicenceLookup,
    eventTypes: dynamoEventTypeCatalogue,
    users: dynamoUsersRepository,
  }),
);
