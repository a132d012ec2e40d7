import {
  type MessageResponse,
  SIGN_IN_LINK_SENT,
  SignInLinkMailRequest,
  SignInLinkRequest,
} from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { accounts } from '../wiring/accounts';
import { deviceTokenOf, sessionFor, withDeviceCookie } from './session';

/** POST /api/login/email-link {email}: mails a single-use sign-in link; the same answer for every address. */
export const mailSignInLink: RouteHandler = async (req) => {
  const { email } = parse(SignInLinkMailRequest, req.body);
  await accounts.mailSignInLink(email, req.clientKey);
  const body: MessageResponse = { message: SIGN_IN_LINK_SENT };
  return ok(body);
};

/** POST /api/login/link {token}: signs in with the mailed link (once); the answer of POST /api/login. */
export const signInWithLink: RouteHandler = async (req) => {
  const { token } = parse(SignInLinkRequest, req.body);
  const user = await accounts.signInWithLink(token, req.clientKey, deviceTokenOf(req));
  return withDeviceCookie(ok(await sessionFor(user)), user, req);
};
