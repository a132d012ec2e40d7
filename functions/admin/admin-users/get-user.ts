import { UserIdParams } from '@shared/schemas/admin-users';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** GET /api/admin/users/{id}: 404 'User not found.' when missing. */
export const getUser: AdminHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  return ok(await developerAdmin.getUser(id));
};
