import { LoginRequest } from '../../shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from './service';
import { sessionFor } from './session';

/**
 * POST /api/admin-login: admins only. A developer with valid credentials gets 403 "Admin access
 * required" (the credentials are right, the role is not); wrong credentials get 401 as on /login.
 */
export const adminLogin: RouteHandler = async (req) => {
  const { email, password } = parse(LoginRequest, req.body);
  const user = await accounts.adminLogin(email, password, req.clientIp);
  return ok(await sessionFor(user));
};
