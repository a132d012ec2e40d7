import { AppIdParams } from '../../../shared/schemas/apps';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from './service';

/** POST /api/admin/apps/{id}/clear-flag: the admin has reviewed the material edits of an approved app. */
export const clearAppFlag: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await adminApps.clearFlag(id);
  return ok({ message: 'Review flag cleared', app });
};
