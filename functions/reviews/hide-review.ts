import { AppReviewParamsSchema, HideReviewInputSchema, REVIEW_MESSAGES } from '../../shared/schemas/reviews';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { reviews } from './service';

/**
 * POST /api/admin/apps/{id}/reviews/{reviewId}/hide {reason}: an admin takes a review out of the
 * list and the average; its author is mailed the reason. The admin action to record (audit trail)
 * is this one: `before` and `after` of the review are at hand here.
 */
export const hideReview: RouteHandler = async (req) => {
  const { id, reviewId } = parse(AppReviewParamsSchema, req.params);
  const { reason } = parse(HideReviewInputSchema, req.body);
  const { after } = await reviews().hide(id, reviewId, reason);
  return ok({ message: REVIEW_MESSAGES.reviewHidden, review: after });
};
