import { KeyIdParams } from '../../shared/schemas/keys';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from './service';

/** POST /api/keys/{id}/reveal: the replacement an admin's rotation issued, shown this once. */
export const revealKey: RouteHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  return ok(await apiKeys.revealReplacement(req.auth!.userId, id));
};
