import { PurchaseIdParams } from '../../../shared/schemas/checkout';
import { CompleteManualLicenceRequest } from '../../../shared/schemas/manual-licences';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { manualLicences } from '../../wiring/manual-licences';

/** GET /api/admin/manual-licences: every pending manual licence and how many are overdue (24 h). */
export const listAllManualLicences: AdminHandler = async () => ok(await manualLicences.listAll());

/** POST /api/admin/purchases/{id}/complete-licence: an admin completes any pending manual licence. */
export const adminCompleteManualLicence: AdminHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const input = parse(CompleteManualLicenceRequest, req.body);
  return ok(await manualLicences.complete({ userId: req.auth.userId, admin: true }, id, input));
};
