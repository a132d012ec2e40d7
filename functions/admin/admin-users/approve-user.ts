import { MSG } from '@shared/messages';
import { ApproveUserRequest } from '@shared/schemas/admin-users';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** POST /api/approve-user {email}: approves the developer, activates their production keys, mails them. */
export const approveUser: AdminHandler = async (req) => {
  const { email } = parse(ApproveUserRequest, req.body);
  const { user, newlyApproved } = await developerAdmin.approveByEmail(email);
  audit(req, {
    target_id: user.id,
    target_label: user.email,
    before: { is_approved: !newlyApproved },
    after: { is_approved: user.is_approved },
  });
  return ok({ message: MSG.userApproved(user.email) });
};
