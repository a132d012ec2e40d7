import { AppIdParams } from '../../shared/schemas/apps';
import { REVIEW_MESSAGES, ReviewInputSchema } from '../../shared/schemas/reviews';
import { created, ok, type UserHandler } from '../http/types';
import { parse } from '../http/validate';
import { reviews } from '../wiring/reviews';

/** POST /api/apps/{id}/reviews: a licence holder's review (403 without a licence, 409 for a second one). */
export const createReview: UserHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(ReviewInputSchema, req.body);
  return created({ message: REVIEW_MESSAGES.reviewSaved, review: await reviews.create(id, req.auth.userId, input) });
};

/** PUT /api/apps/{id}/reviews/mine: the author edits their review. */
export const updateReview: UserHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(ReviewInputSchema, req.body);
  return ok({ message: REVIEW_MESSAGES.reviewUpdated, review: await reviews.update(id, req.auth.userId, input) });
};

/** DELETE /api/apps/{id}/reviews/mine: the author deletes their review. */
export const deleteReview: UserHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  await reviews.remove(id, req.auth.userId);
  return ok({ message: REVIEW_MESSAGES.reviewDeleted });
};
