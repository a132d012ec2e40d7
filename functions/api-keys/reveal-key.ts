import { KeyIdParams } from '@shared/schemas/keys';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { apiKeys } from '../wiring/api-keys';

/** POST /api/keys/{id}/reveal: the replacement an admin's rotation issued, shown this once. */
export const revealKey: DeveloperHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  const key = await apiKeys.revealReplacement(req.auth.userId, id);
  audit(req, {
    target_label: `${key.type} key`,
    before: { replacement_ready: true },
    after: { replacement_ready: false },
  });
  return ok(key);
};
