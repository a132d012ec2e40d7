import { CreateKeyRequest } from '@shared/schemas/keys';
import { audit } from '../http/audit';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from '../wiring/api-keys';

/** POST /api/keys {type}: 201 with the full key, shown this once. */
export const createKey: DeveloperHandler = async (req) => {
  const { type } = parse(CreateKeyRequest, req.body);
  const key = await apiKeys.create(req.auth.userId, type);
  audit(req, {
    target_id: key.id,
    target_label: `${key.type} key`,
    before: null,
    after: { prefix: key.prefix, type: key.type, is_active: key.is_active },
  });
  return created(key);
};
