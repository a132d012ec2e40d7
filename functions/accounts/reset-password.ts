import { type MessageResponse, PASSWORD_RESET_DONE, ResetPasswordRequest } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';

/** POST /api/reset-password: a single-use token from the e-mailed link and the new password. */
export const resetPassword: RouteHandler = async (req) => {
  const { token, password } = parse(ResetPasswordRequest, req.body);
  await accounts.resetPassword(token, password);
  const body: MessageResponse = { message: PASSWORD_RESET_DONE };
  return ok(body);
};
