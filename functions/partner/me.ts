import { INVALID_API_KEY } from '../../shared/schemas/partner';
import { dynamoUsersRepository as users } from '../adapters/dynamodb/users-repo';
import { UnauthorizedError } from '../core/errors';
import { ok } from '../http/types';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** GET /v1/me: the calling key (type, limit, usage today including this call) and its owner. */
export const getMe = withApiKey(async (_req, { key, quota }) => {
  const [owner, admitted] = await Promise.all([users.findById(key.user_id), quota]);
  if (!owner) throw new UnauthorizedError(INVALID_API_KEY);
  return ok(partner.me(key, owner, admitted));
});
