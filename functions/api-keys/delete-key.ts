import { MSG } from '../../shared/messages';
import { KeyIdParams } from '../../shared/schemas/keys';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from './service';

/** DELETE /api/keys/{id}: the key and its secret are gone for good. */
export const deleteKey: RouteHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  await apiKeys.deleteOwn(req.auth!.userId, id);
  return ok({ message: MSG.keyDeleted });
};
