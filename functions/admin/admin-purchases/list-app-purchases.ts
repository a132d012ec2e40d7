import { AppIdParams } from '@shared/schemas/apps';
import { AdminPurchaseListQuery } from '@shared/schemas/checkout';
import { nextPageHeaders } from '../../http/paged-array';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { purchases } from '../../wiring/purchases';

/**
 * GET /api/admin/apps/{id}/purchases?limit=&cursor=: the app's completed and refunded purchases,
 * newest first, the spec's plain array one page at a time (`X-Next-Cursor`, `Link: rel="next"`).
 */
export const listAppPurchases: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { limit, cursor } = parse(AdminPurchaseListQuery, req.query);
  const page = await purchases.adminList(id, limit, cursor);
  return ok(page.items, nextPageHeaders(req, page.next_cursor, { limit }));
};
