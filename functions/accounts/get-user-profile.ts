import { ok, type UserHandler } from '../http/types';
import { accounts } from '../wiring/accounts';

/** GET /api/user/profile: the signed-in account (401 when it no longer exists). */
export const getUserProfile: UserHandler = async (req) => {
  return ok(await accounts.userProfile(req.auth.userId));
};
