import { AppIdParams } from '@shared/schemas/apps';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/** POST /api/admin/apps/{id}/clear-flag: the admin has reviewed the material edits of an approved app. */
export const clearAppFlag: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await adminApps.clearFlag(id);
  return ok({ message: 'Review flag cleared', app });
};
