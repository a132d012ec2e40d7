import { AppIdParams, AppSubmitSchema } from '../../shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/** PUT /api/apps/{id}/update: the wizard in edit mode; type, approval and slug are kept. */
export const updateListing: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await developerApps.updateListing(req.auth.userId, id, parse(AppSubmitSchema, req.body)));
};
