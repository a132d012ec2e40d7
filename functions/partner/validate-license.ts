import { LicenseValidateRequest } from '@shared/schemas/partner';
import { ok } from '../http/types';
import { parse } from '../http/validate';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** POST /v1/licenses/validate {license_key, app_id}: for the key owner's apps only. */
export const validateLicense = withApiKey(async (req, { key }) => {
  const input = parse(LicenseValidateRequest, req.body);
  return ok(await partner.validate(key.user_id, input));
});
