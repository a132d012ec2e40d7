import { UserIdParams } from '@shared/schemas/admin-users';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** GET /api/admin/users/{id}/logs: webhook deliveries to the developer's apps, newest first. */
export const getUserLogs: AdminHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  return ok(await developerAdmin.getUserLogs(id));
};
