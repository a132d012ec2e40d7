import { MSG } from '../../shared/messages';
import { AppIdParams } from '../../shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from './services';

/** DELETE /api/apps/{id}: the app, its slug, pool keys and uploads; purchases stay with their buyers. */
export const deleteApp: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  await developerApps.remove(req.auth!.userId, id);
  return ok({ message: MSG.appDeleted });
};
