import { AppIdParams } from '@shared/schemas/apps';
import { ReviewListQuerySchema } from '@shared/schemas/reviews';
import { type BuyerHandler, ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { reviews } from '../wiring/reviews';

/** GET /api/apps/{id}/reviews[?limit=&cursor=]: average, count, distribution and the newest visible reviews. */
export const listReviews: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { limit, cursor } = parse(ReviewListQuerySchema, req.query);
  return ok(await reviews.list(id, limit, cursor));
};

/** GET /api/apps/{id}/reviews/mine: whether the caller may review, and their review if any. */
export const myReview: BuyerHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await reviews.mine(id, req.auth.userId), { 'cache-control': 'private, no-store' });
};
