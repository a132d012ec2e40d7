import { AppIdParams } from '@shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/** GET /api/apps/{id}: the edit view of one of the caller's apps; anyone else's is 'App not found'. */
export const getApp: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await developerApps.get(req.auth.userId, id));
};
