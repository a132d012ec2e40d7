import { MyPurchasesQuery } from '@shared/schemas/my-purchases';
import { nextPageHeaders } from '../http/paged-array';
import { ok, type UserHandler } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/**
 * GET /api/stripe/my-purchases[?limit=&cursor=]: the signed-in user's completed and refunded
 * purchases, newest first: the spec's plain array, one page of it (at most 100 without `limit`),
 * the next page named by `X-Next-Cursor` and `Link: <…>; rel="next"`.
 */
export const myPurchases: UserHandler = async (req) => {
  const query = parse(MyPurchasesQuery, req.query);
  const page = await purchases.myPurchases(req.auth.userId, query);
  return ok(page.items, nextPageHeaders(req, page.next_cursor, { limit: req.query.limit ? query.limit : undefined }));
};
