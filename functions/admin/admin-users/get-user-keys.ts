import { UserIdParams } from '@shared/schemas/admin-users';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** GET /api/admin/users/{id}/keys: the developer's keys, prefix only. */
export const getUserKeys: AdminHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  return ok(await developerAdmin.getUserKeys(id));
};
