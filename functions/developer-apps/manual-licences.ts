import { PurchaseIdParams } from '@shared/schemas/checkout';
import { CompleteManualLicenceRequest, ManualLicenceListQuery } from '@shared/schemas/manual-licences';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { manualLicences } from '../wiring/manual-licences';

/**
 * GET /api/manual-licences?limit=&cursor=: one page of the pending manual licences of the caller's
 * apps, oldest first, with the next page's cursor (null on the last; a cursor not of this list: 400).
 */
export const listMyManualLicences: DeveloperHandler = async (req) =>
  ok(await manualLicences.listForDeveloper(req.auth.userId, parse(ManualLicenceListQuery, req.query)));

/** POST /api/manual-licences/{id}/complete: the owner records the access details or key; the buyer is mailed. */
export const completeMyManualLicence: DeveloperHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const input = parse(CompleteManualLicenceRequest, req.body);
  return ok(await manualLicences.complete({ userId: req.auth.userId, admin: false }, id, input));
};
