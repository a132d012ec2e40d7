import { KeyIdParams } from '@shared/schemas/keys';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/**
 * POST /api/admin/keys/{id}/rotate: revokes the key's secret at once. The admin gets the new
 * prefix only; the owner is notified and rotates the key themselves to see a usable full key.
 */
export const rotateKeyAsAdmin: AdminHandler = async (req) => {
  const { id } = parse(KeyIdParams, req.params);
  const rotated = await developerAdmin.rotateKey(id);
  audit(req, { target_label: `${rotated.type} key`, after: { prefix: rotated.prefix } });
  return ok(rotated);
};
