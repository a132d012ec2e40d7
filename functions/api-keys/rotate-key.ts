import { KeyIdParams } from '../../shared/schemas/keys';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from './service';

/** PUT /api/keys/{id}/rotate: a new full key, shown this once; the old one stops working now. */
export const rotateKey: RouteHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  return ok(await apiKeys.rotateOwn(req.auth!.userId, id));
};
