import { MSG } from '@shared/messages';
import { KeyIdParams } from '@shared/schemas/keys';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from '../wiring/api-keys';

/** DELETE /api/keys/{id}: the key and its secret are gone for good. */
export const deleteKey: DeveloperHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  await apiKeys.deleteOwn(req.auth.userId, id);
  audit(req, { before: { exists: true }, after: { exists: false } });
  return ok({ message: MSG.keyDeleted });
};
