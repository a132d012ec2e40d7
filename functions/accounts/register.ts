import {
  PRACTICE_REGISTRATION_DONE,
  REGISTRATION_DONE,
  type RegisterResponse,
  SignupRequest,
} from '@shared/schemas/accounts';
import { created, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';

/**
 * POST /api/register: a new developer account, pending admin approval, or with account_type
 * "practice" a practice account (no approval). 409 for a taken address.
 */
export const register: RouteHandler = async (req) => {
  const input = parse(SignupRequest, req.body);
  const user = await accounts.register(input, req.clientKey);
  const message = user.role === 'practice' ? PRACTICE_REGISTRATION_DONE : REGISTRATION_DONE;
  const body: RegisterResponse = { message, id: user.id };
  return created(body);
};
