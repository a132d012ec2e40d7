import { CreateKeyRequest } from '../../shared/schemas/keys';
import { created, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from './service';

/** POST /api/keys {type}: 201 with the full key, shown this once. */
export const createKey: RouteHandler = async (req) => {
  const { type } = parse(CreateKeyRequest, req.body);
  return created(await apiKeys.create(req.auth!.userId, type));
};
