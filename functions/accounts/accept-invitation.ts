import { AcceptInvitationRequest, type MessageResponse } from '@shared/schemas/accounts';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { invitationAcceptance } from '../wiring/invitations';

/**
 * POST /api/accept-invitation {token, password}: an imported legacy account sets its password
 * (single-use link); it then awaits admin approval as any sign-up. 400 when used or expired.
 */
export const acceptInvitation: RouteHandler = async (req) => {
  const { token, password } = parse(AcceptInvitationRequest, req.body);
  const body: MessageResponse = { message: await invitationAcceptance.accept(token, password) };
  return ok(body);
};
