import type { MessageResponse } from '@shared/schemas/accounts';
import { INVITATION_SENT, UserIdParams } from '@shared/schemas/admin-users';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { invitations } from '../../wiring/invitations';

/**
 * POST /api/admin/users/{id}/resend-invitation: an imported legacy account that has not set its
 * password gets a new invitation (the older links keep working until they expire). 409 when it has
 * no open invitation, 429 past 3 a day.
 */
export const resendInvitation: AdminHandler = async (req) => {
  const { id } = parse(UserIdParams, req.params);
  const user = await invitations.resend(id);
  audit(req, { target_label: user.email });
  const body: MessageResponse = { message: INVITATION_SENT(user.email) };
  return ok(body);
};
