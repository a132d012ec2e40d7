import { MSG } from '@shared/messages';
import { AppIdParams } from '@shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/** DELETE /api/apps/{id}: the app, its slug, pool keys and uploads; purchases stay with their buyers. */
export const deleteApp: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  await developerApps.remove(req.auth.userId, id);
  return ok({ message: MSG.appDeleted });
};
