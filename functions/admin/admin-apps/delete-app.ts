import { MSG } from '../../../shared/messages';
import { AppIdParamSchema } from '../../../shared/schemas/apps';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from './service';

/** DELETE /api/admin/apps/{id}/delete: removes the app for good; purchases stay with their buyers. */
export const deleteAppAsAdmin: RouteHandler = async (req) => {
  const { id } = parse(AppIdParamSchema, req.params);
  await adminApps.remove(id);
  return ok({ message: MSG.appDeleted });
};
