import { MSG } from '@shared/messages';
import { type MessageResponse, VerifyEmailRequest } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';

/** POST /api/verify-email {token}: follows the link mailed at sign-up; 400 when used or expired. */
export const verifyEmail: RouteHandler = async (req) => {
  const { token } = parse(VerifyEmailRequest, req.body);
  await accounts.verifyEmail(token);
  const body: MessageResponse = { message: MSG.emailVerified };
  return ok(body);
};
