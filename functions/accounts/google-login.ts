import { GoogleLoginRequest } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';
import { sessionFor } from './session';

/**
 * POST /api/google-login: 503 when no Google client id is configured; otherwise the verified
 * Google account signs in (a pending developer account is created on first use).
 */
export const googleLogin: RouteHandler = async (req) => {
  accounts.assertGoogleConfigured();
  const { token } = parse(GoogleLoginRequest, req.body);
  const { user } = await accounts.googleLogin(token);
  return ok(await sessionFor(user));
};
