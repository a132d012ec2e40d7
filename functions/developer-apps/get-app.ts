import { AppIdParams } from '../../shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from './services';

/** GET /api/apps/{id}: the edit view of one of the caller's apps; anyone else's is 'App not found'. */
export const getApp: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await developerApps.get(req.auth!.userId, id));
};
