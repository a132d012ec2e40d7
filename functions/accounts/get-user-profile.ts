import { toUserProfile } from '../core/users/user';
import { ok, type UserHandler } from '../http/types';
import { accounts } from '../wiring/accounts';

/** GET /api/user/profile: the signed-in account (401 when it no longer exists). */
export const getUserProfile: UserHandler = async (req) => {
  const user = await accounts.getProfile(req.auth.userId);
  return ok(toUserProfile(user));
};
