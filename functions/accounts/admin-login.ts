import { LoginRequest } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';
import { deviceTokenOf, sessionFor, withDeviceCookie } from './session';

/**
 * POST /api/admin-login: the admin form's sign-in. Any account with valid credentials gets a
 * session with its own role; the form sends an admin to /admin and anyone else to /dashboard
 * (spec section 4, Login). Wrong credentials get 401 as on /login.
 */
export const adminLogin: RouteHandler = async (req) => {
  const { email, password } = parse(LoginRequest, req.body);
  const user = await accounts.adminLogin(email, password, req.clientKey, deviceTokenOf(req));
  return withDeviceCookie(ok(await sessionFor(user)), user, req);
};
