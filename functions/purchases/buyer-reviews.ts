import { AppIdParams } from '@shared/schemas/apps';
import { REVIEW_MESSAGES, ReviewInputSchema } from '@shared/schemas/reviews';
import { type BuyerHandler, created, ok } from '../http/types';
import { parse } from '../http/validate';
import { reviews } from '../wiring/reviews';

/** POST /api/apps/{id}/reviews: a licence holder's review (403 without a licence, 409 for a second one). */
export const createReview: BuyerHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(ReviewInputSchema, req.body);
  const review = await reviews.create(id, req.auth.userId, input, req.clientKey);
  return created({ message: REVIEW_MESSAGES.reviewSaved, review });
};

/** PUT /api/apps/{id}/reviews/mine: the author edits their review. */
export const updateReview: BuyerHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(ReviewInputSchema, req.body);
  const review = await reviews.update(id, req.auth.userId, input, req.clientKey);
  return ok({ message: REVIEW_MESSAGES.reviewUpdated, review });
};

/** DELETE /api/apps/{id}/reviews/mine: the author deletes their review. */
export const deleteReview: BuyerHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  await reviews.remove(id, req.auth.userId);
  return ok({ message: REVIEW_MESSAGES.reviewDeleted });
};
