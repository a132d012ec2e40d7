/** The Partner API (core/partner): licence checks and event types, read-only. */
import { dynamoEventTypeCatalogue, dynamoLicenceLookup } from '../adapters/dynamodb/licences-read-repo';
import { createPartnerService } from '../core/partner/partner-service';
import { lazyService } from './lazy';

export const partner = lazyService(() =>
  createPartnerService({ licences: dynamoLicenceLookup, eventTypes: dynamoEventTypeCatalogue }),
);
