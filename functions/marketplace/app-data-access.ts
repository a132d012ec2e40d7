import { AppIdParams } from '../../shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { dataAccess } from '../wiring/data-access';

/** GET /api/marketplace/apps/{id}/data-access: what a listed app reads and writes, as last reviewed (public). */
export const getPublicDataAccess: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await dataAccess.listedApp(id);
  return ok(await dataAccess.publicView(app));
};
