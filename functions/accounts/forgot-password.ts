import { MSG } from '@shared/messages';
import { ForgotPasswordRequest, type MessageResponse } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';

/** POST /api/forgot-password: the same answer whether or not the address has an account. */
export const forgotPassword: RouteHandler = async (req) => {
  const { email } = parse(ForgotPasswordRequest, req.body);
  await accounts.forgotPassword(email, req.clientKey);
  const body: MessageResponse = { message: MSG.forgotSuccess };
  return ok(body);
};
