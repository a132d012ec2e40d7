import { KeyIdParams } from '@shared/schemas/keys';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from '../wiring/api-keys';

/** PUT /api/keys/{id}/rotate: a new full key, shown this once; the old one stops working now. */
export const rotateKey: DeveloperHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  const key = await apiKeys.rotateOwn(req.auth.userId, id);
  audit(req, { target_label: `${key.type} key`, after: { prefix: key.prefix } });
  return ok(key);
};
