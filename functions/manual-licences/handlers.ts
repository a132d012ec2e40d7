import { PurchaseIdParams } from '../../shared/schemas/checkout';
import { CompleteManualLicenceRequest } from '../../shared/schemas/manual-licences';
import { type AdminHandler, type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { manualLicences } from '../wiring/manual-licences';

/** GET /api/manual-licences: pending manual licences of the caller's apps, oldest first. */
export const listMyManualLicences: DeveloperHandler = async (req) =>
  ok({ licences: await manualLicences.listForDeveloper(req.auth.userId) });

/** POST /api/manual-licences/{id}/complete: the owner records the access details or key; the buyer is mailed. */
export const completeMyManualLicence: DeveloperHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const input = parse(CompleteManualLicenceRequest, req.body);
  return ok(await manualLicences.complete({ userId: req.auth.userId, admin: false }, id, input));
};

/** GET /api/admin/manual-licences: every pending manual licence and how many are overdue (24 h). */
export const listAllManualLicences: AdminHandler = async () => ok(await manualLicences.listAll());

/** POST /api/admin/purchases/{id}/complete-licence: an admin completes any pending manual licence. */
export const adminCompleteManualLicence: AdminHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const input = parse(CompleteManualLicenceRequest, req.body);
  return ok(await manualLicences.complete({ userId: req.auth.userId, admin: true }, id, input));
};
