import { MSG } from '@shared/messages';
import { AdminProfileUpdateRequest, type AdminProfileUpdateResponse } from '@shared/schemas/accounts';
import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';
import { sessionFor } from './session';

/**
 * PUT /api/admin/profile: name and address (unique); a blank or absent password keeps the old one.
 * A new address or password ends every session (token version): the answer carries a new one.
 */
export const updateAdminProfile: AdminHandler = async (req) => {
  const input = parse(AdminProfileUpdateRequest, req.body);
  const { before, user } = await accounts.updateAdminProfile(req.auth.userId, input);
  audit(req, {
    target_id: user.id,
    target_label: user.email,
    // The state before the change as the store held it (not the token's, which may be stale).
    before: { email: before.email, full_name: before.full_name },
    // "password" is a secret field: a change shows as [redacted] -> [redacted], never its value.
    after: { email: user.email, full_name: user.full_name, ...(input.password ? { password: 'new' } : {}) },
  });
  const sessionsEnded = user.token_version !== before.token_version;
  const body: AdminProfileUpdateResponse = {
    message: MSG.profileUpdated,
    full_name: user.full_name,
    email: user.email,
    ...(sessionsEnded ? { access_token: (await sessionFor(user)).access_token } : {}),
  };
  return ok(body);
};
