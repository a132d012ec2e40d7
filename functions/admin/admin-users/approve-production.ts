import { MSG } from '@shared/messages';
import { UserIdParams } from '@shared/schemas/admin-users';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** POST /api/admin/users/{id}/approve-production: the user-detail page's approval. */
export const approveProduction: AdminHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  const { user, newlyApproved } = await developerAdmin.approveById(id);
  audit(req, {
    target_label: user.email,
    before: { is_approved: !newlyApproved },
    after: { is_approved: user.is_approved },
  });
  return ok({ message: MSG.userApprovedForProduction });
};
