import { AppReviewParamsSchema, HideReviewInputSchema, REVIEW_MESSAGES } from '@shared/schemas/reviews';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { reviews } from '../../wiring/reviews';

/**
 * POST /api/admin/apps/{id}/reviews/{reviewId}/hide {reason}: an admin takes a review out of the
 * list and the average; its author is mailed the reason. Audited (routes.ts marks the route; the
 * entry names the review and its status before and after).
 */
export const hideReview: AdminHandler = async (req) => {
  const { id, reviewId } = parse(AppReviewParamsSchema, req.params);
  const { reason } = parse(HideReviewInputSchema, req.body);
  const { before, after, app } = await reviews.hide(id, reviewId, reason);
  audit(req, {
    target_type: 'review',
    target_id: reviewId,
    target_label: app ? `Review of ${app.name}` : null,
    before: { status: before.status, hidden_reason: before.hidden_reason },
    after: { status: after.status, hidden_reason: after.hidden_reason },
  });
  return ok({ message: REVIEW_MESSAGES.reviewHidden, review: after });
};
