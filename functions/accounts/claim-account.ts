import {
  ClaimAccountRequest,
  type ClaimAccountResponse,
  type ClaimAttachResponse,
  type ClaimPreview,
  ClaimTokenRequest,
} from '@shared/schemas/accounts';
import { type BuyerHandler, created, ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { practiceClaims } from '../wiring/accounts';
import { sessionFor } from './session';

/** POST /api/claim-account/preview {token}: the address a guest's claim link proves, and whether it has an account. */
export const previewClaim: RouteHandler = async (req) => {
  const { token } = parse(ClaimTokenRequest, req.body);
  const body: ClaimPreview = await practiceClaims.preview(token);
  return ok(body, { 'cache-control': 'no-store' });
};

/**
 * POST /api/claim-account {token, company_name, full_name, password}: a practice account for the
 * link's address, verified, signed in at once. 409 when the address has an account (nothing changes).
 */
export const claimAccount: RouteHandler = async (req) => {
  const input = parse(ClaimAccountRequest, req.body);
  const { user, message } = await practiceClaims.createAccount(input, req.clientKey);
  const body: ClaimAccountResponse = { ...(await sessionFor(user)), message };
  return created(body);
};

/** POST /api/claim-account/attach {token} (signed-in buyer): the link's address joins, or verifies, the account. */
export const attachClaim: BuyerHandler = async (req) => {
  const { token } = parse(ClaimTokenRequest, req.body);
  const body: ClaimAttachResponse = await practiceClaims.attach(token, req.auth.userId);
  return ok(body);
};
