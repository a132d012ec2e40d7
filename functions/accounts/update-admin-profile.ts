import { MSG } from '../../shared/messages';
import { AdminProfileUpdateRequest, type AdminProfileUpdateResponse } from '../../shared/schemas/accounts';
import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';

/** PUT /api/admin/profile: name and address (unique); a blank or absent password keeps the old one. */
export const updateAdminProfile: AdminHandler = async (req) => {
  const input = parse(AdminProfileUpdateRequest, req.body);
  const user = await accounts.updateAdminProfile(req.auth.userId, input);
  audit(req, {
    target_id: user.id,
    target_label: user.email,
    before: { email: req.auth.email },
    // "password" is a secret field: a change shows as [redacted] -> [redacted], never its value.
    after: { email: user.email, full_name: user.full_name, ...(input.password ? { password: 'new' } : {}) },
  });
  const body: AdminProfileUpdateResponse = {
    message: MSG.profileUpdated,
    full_name: user.full_name,
    email: user.email,
  };
  return ok(body);
};
