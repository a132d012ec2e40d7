import type { LoginResponse } from '@shared/schemas/accounts';
import type { User } from '../core/users/user';
import { signAccessToken } from '../http/auth';
import type { ApiRequest, ApiResponse } from '../http/types';
import { accounts } from '../wiring/accounts';

/** The answer of every sign-in route: a signed access token and the role the browser stores. */
export async function sessionFor(user: User): Promise<LoginResponse> {
  const access_token = await signAccessToken({
    userId: user.id,
    email: user.email,
    role: user.role,
    tokenVersion: user.token_version,
  });
  return { access_token, role: user.role, token_type: 'bearer' };
}

/**
 * Adds the signed device cookie of the account that just signed in (issue 30 finding 2;
 * core/users/device-token.ts): a later sign-in from this browser is then not held by the back-off
 * and the daily budget that others' failures fill. The browser keeps the device id it had.
 */
export function withDeviceCookie(answer: ApiResponse, user: User, req: ApiRequest): ApiResponse {
  const cookie = accounts.deviceCookieFor(user, deviceTokenOf(req));
  return cookie ? { ...answer, headers: { ...answer.headers, 'Set-Cookie': cookie } } : answer;
}

/** The device token the browser sent, if any. */
export const deviceTokenOf = (req: ApiRequest): string | undefined => accounts.deviceTokenIn(req.headers.cookie);
