import { AppIdParams } from '@shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { appPermissions } from '../wiring/permissions';

/** GET /api/marketplace/apps/{id}/data-access: what a listed app reads and writes, as last reviewed (public). */
export const getPublicPermissions: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await appPermissions.listedApp(id);
  return ok(await appPermissions.publicView(app));
};
