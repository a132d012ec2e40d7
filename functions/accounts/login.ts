import { LoginRequest } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';
import { deviceTokenOf, sessionFor, withDeviceCookie } from './session';

/** POST /api/login: developers and admins alike. 401 for bad credentials, 429 when throttled. */
export const login: RouteHandler = async (req) => {
  const { email, password } = parse(LoginRequest, req.body);
  const user = await accounts.login(email, password, req.clientKey, deviceTokenOf(req));
  return withDeviceCookie(ok(await sessionFor(user)), user, req);
};
