import { MSG } from '../../../shared/messages';
import { ApproveUserRequest } from '../../../shared/schemas/admin-users';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from './service';

/** POST /api/approve-user {email}: approves the developer, activates their production keys, mails them. */
export const approveUser: RouteHandler = async (req) => {
  const { email } = parse(ApproveUserRequest, req.body);
  const { user } = await developerAdmin.approveByEmail(email);
  return ok({ message: MSG.userApproved(user.email) });
};
