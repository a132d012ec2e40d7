import { AppIdParams } from '../../shared/schemas/apps';
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../adapters/dynamodb/purchases-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createPurchasesService, type PurchasesService } from '../core/purchases/purchases-service';
import { logger } from '../http/logger';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';

let purchases: PurchasesService | undefined;
const service = () =>
  (purchases ??= createPurchasesService({
    purchases: dynamoPurchasesRepository,
    apps: new DynamoAppsRepository(),
    mailer: sesMailer,
    gateway: null, // analytics never moves money
    appUrl: getConfig().APP_URL,
    log: logger,
  }));

/**
 * GET /api/apps/{id}/analytics: the owner's public app only (another developer's app reads as
 * missing; other types get 400 'Analytics is only available for public apps'). Totals count
 * completed purchases only.
 */
export const appAnalytics: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await service().analytics(req.auth!.userId, id));
};
