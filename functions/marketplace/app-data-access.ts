import { MSG } from '../../shared/messages';
import { AppIdParams } from '../../shared/schemas/apps';
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoDataAccessStore } from '../adapters/dynamodb/data-access-repo';
import { dynamoCatalogueQueries } from '../adapters/dynamodb/sync-repo';
import { isMarketEligible } from '../core/apps/app';
import { createDataAccessService } from '../core/data-access/data-access-service';
import { NotFoundError } from '../core/errors';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';

const dataAccess = createDataAccessService({ catalogue: dynamoCatalogueQueries, store: dynamoDataAccessStore });
const apps = new DynamoAppsRepository();

/** GET /api/marketplace/apps/{id}/data-access: what a listed app reads and writes (public). */
export const getPublicDataAccess: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await apps.getById(id);
  if (!app || !isMarketEligible(app)) throw new NotFoundError(MSG.appNotFound);
  return ok(await dataAccess.view(app.id));
};
