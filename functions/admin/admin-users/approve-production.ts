import { MSG } from '../../../shared/messages';
import { UserIdParams } from '../../../shared/schemas/admin-users';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from './service';

/** POST /api/admin/users/{id}/approve-production: the user-detail page's approval. */
export const approveProduction: RouteHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  await developerAdmin.approveById(id);
  return ok({ message: MSG.userApprovedForProduction });
};
