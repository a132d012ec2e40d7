import { AppIdParams } from '@shared/schemas/apps';
import { LicenseListQuery } from '@shared/schemas/partner';
import { ok } from '../http/types';
import { parse } from '../http/validate';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** GET /v1/apps/{id}/licenses?limit=&cursor=: licences sold for one of the owner's apps. */
export const listLicenses = withApiKey(async (req, { key }) => {
  const { id } = parse(AppIdParams, req.params);
  const page = parse(LicenseListQuery, req.query);
  return ok(await partner.listLicences(key.user_id, id, page));
});
