import { AppReviewParamsSchema, REVIEW_MESSAGES, ReviewReplyInputSchema } from '@shared/schemas/reviews';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { reviews } from '../wiring/reviews';

/** POST /api/apps/{id}/reviews/{reviewId}/reply: the app's developer answers a review, once. */
export const replyToReview: DeveloperHandler = async (req) => {
  const { id, reviewId } = parse(AppReviewParamsSchema, req.params);
  const { text } = parse(ReviewReplyInputSchema, req.body);
  const review = await reviews.reply(id, reviewId, req.auth.userId, text);
  return created({ message: REVIEW_MESSAGES.replySaved, review });
};
