/**
 * Composition root of the admin Lambda's purchase handlers: the purchases service wired to
 * DynamoDB, SES and (when configured) Stripe, built on first use.
 *
 * The admin app list (admin-apps) gets its Sales column from `purchasesAdmin().salesSummary(ids)`.
 */
import { DynamoAppsRepository } from '../../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../../adapters/dynamodb/purchases-repo';
import { sesMailer } from '../../adapters/mailer';
import { stripeGateway, stripeMode } from '../../adapters/stripe';
import { configGeneration, getConfig } from '../../config';
import { createPurchasesService, type PurchasesService } from '../../core/purchases/purchases-service';
import { logger } from '../../http/logger';
import { publishEvent } from '../../webhooks/pipeline';

let service: PurchasesService | undefined;

let builtFor = -1;

export function purchasesAdmin(): PurchasesService {
  // Rebuilt when the Stripe keys arrive or change in Secrets Manager (functions/secrets.ts).
  if (service && builtFor === configGeneration()) return service;
  builtFor = configGeneration();
  service = createPurchasesService({
    purchases: dynamoPurchasesRepository,
    apps: new DynamoAppsRepository(),
    mailer: sesMailer,
    gateway: stripeMode() === 'stripe' ? stripeGateway : null,
    events: { publish: (appId, type, data) => publishEvent(appId, type, data) },
    appUrl: getConfig().APP_URL,
    log: logger,
  });
  return service;
}
