/**
 * Manual licences (core/licences/manual-licences.ts): DynamoDB, SES and the users repository. Used
 * by the developer-apps and admin Lambdas and the webhook scheduler (reminders).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoInstallStore } from '../adapters/dynamodb/installs-repo';
import { dynamoManualLicences } from '../adapters/dynamodb/manual-licences-repo';
import { findUserProfile } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { accessLinkIssuer } from '../core/installs/access-links';
import { createManualLicences } from '../core/licences/manual-licences';
import { logger } from '../http/logger';
import { claimLinks } from './claim-links';
import { buyerMailer } from './fulfilment-queue';
import { lazyService } from './lazy';

export const manualLicences = /* @__PURE__ */ lazyService(() =>
  createManualLicences({
    store: dynamoManualLicences,
    apps: new DynamoAppsRepository(),
    // Buyers and developers read without their password hash (a projected read, as IAM allows).
    users: { findById: findUserProfile },
    mailer: sesMailer,
    buyerMailer,
    claimLinks,
    // The buyer's install's access link, kept on the install (INSTALLS#): as the automatic licence mail.
    accessTokenFor: accessLinkIssuer(dynamoInstallStore),
    appUrl: getConfig().APP_URL,
    log: logger,
  }),
);
