import type { LoginResponse } from '../../shared/schemas/accounts';
import type { User } from '../core/users/user';
import { signAccessToken } from '../http/auth';

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
