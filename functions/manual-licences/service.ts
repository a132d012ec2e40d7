/**
 * Composition root of manual licences (core/licences/manual-licences.ts): DynamoDB, SES and the
 * users repository, built on first use. Used by the developer-apps and admin Lambdas and the
 * scheduler (reminders).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoManualLicences } from '../adapters/dynamodb/manual-licences-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createManualLicences, type ManualLicences } from '../core/licences/manual-licences';
import { logger } from '../http/logger';

let service: ManualLicences | undefined;

export function manualLicences(): ManualLicences {
  service ??= createManualLicences({
    store: dynamoManualLicences,
    apps: new DynamoAppsRepository(),
    users: dynamoUsersRepository,
    mailer: sesMailer,
    appUrl: getConfig().APP_URL,
    log: logger,
  });
  return service;
}
