import { AppIdParams, AppSubmitSchema } from '../../shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from './services';

/** PUT /api/apps/{id}/update: the wizard in edit mode; type, approval and slug are kept. */
export const updateListing: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await developerApps.updateListing(req.auth!.userId, id, parse(AppSubmitSchema, req.body)));
};
