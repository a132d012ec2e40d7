import { PurchaseIdParams } from '@shared/schemas/checkout';
import { AdminManualLicenceListQuery, CompleteManualLicenceRequest } from '@shared/schemas/manual-licences';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { manualLicences } from '../../wiring/manual-licences';

/**
 * GET /api/admin/manual-licences?limit=&cursor=: one page of the pending manual licences, oldest
 * first, with how many are pending and overdue (24 h) in all and the next page's cursor.
 */
export const listAllManualLicences: AdminHandler = async (req) =>
  ok(await manualLicences.listAll(parse(AdminManualLicenceListQuery, req.query)));

/** POST /api/admin/purchases/{id}/complete-licence: an admin completes any pending manual licence. */
export const adminCompleteManualLicence: AdminHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const input = parse(CompleteManualLicenceRequest, req.body);
  return ok(await manualLicences.complete({ userId: req.auth.userId, admin: true }, id, input));
};
