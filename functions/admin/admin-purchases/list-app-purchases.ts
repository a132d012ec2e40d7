import { AppIdParams } from '../../../shared/schemas/apps';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { purchasesAdmin } from './service';

/** GET /api/admin/apps/{id}/purchases: the app's completed and refunded purchases, newest first. */
export const listAppPurchases: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await purchasesAdmin().adminList(id));
};
