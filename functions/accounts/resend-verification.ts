import type { MessageResponse } from '@shared/schemas/accounts';
import { type BuyerHandler, ok } from '../http/types';
import { accounts } from '../wiring/accounts';

/** POST /api/resend-verification (developer or practice): mails a new verification link, 3 an hour. */
export const resendVerification: BuyerHandler = async (req) => {
  const body: MessageResponse = { message: await accounts.resendVerification(req.auth.userId) };
  return ok(body);
};
