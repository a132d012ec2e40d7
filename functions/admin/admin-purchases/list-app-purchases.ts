import { AppIdParams } from '../../../shared/schemas/apps';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { purchases } from '../../wiring/purchases';

/** GET /api/admin/apps/{id}/purchases: the app's completed and refunded purchases, newest first. */
export const listAppPurchases: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await purchases.adminList(id));
};
