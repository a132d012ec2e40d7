import type { AdminProfile } from '@shared/schemas/accounts';
import { type AdminHandler, ok } from '../http/types';
import { accounts } from '../wiring/accounts';

/** GET /api/admin/profile: the signed-in admin's name and address (Settings screen). */
export const getAdminProfile: AdminHandler = async (req) => {
  const user = await accounts.getProfile(req.auth.userId);
  const body: AdminProfile = { full_name: user.full_name, email: user.email };
  return ok(body);
};
