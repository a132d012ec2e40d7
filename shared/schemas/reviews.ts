import * as z from 'zod';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../rules/reviews';
import { limitParam } from './query-numbers';
import { optionalText, requiredText } from './text-fields';

/**
 * Verified reviews. Only a buyer holding a completed, not refunded licence of an app
 * may review it, once; the app's developer may reply once per review; an admin may hide one with
 * a reason (the author is mailed). The average, count and distribution on the app come from the
 * visible reviews only.
 */

export { REVIEW_LIMITS, REVIEW_MESSAGES, VERIFIED_CUSTOMER } from '../rules/reviews';

export const RatingSchema = z
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');

/** POST /api/apps/{id}/reviews and PUT /api/apps/{id}/reviews/mine. Blank title/text are none. */
export const ReviewInputSchema = z.object({
  rating: RatingSchema,
  title: optionalText('Title', REVIEW_LIMITS.title),
  text: optionalText('Review', REVIEW_LIMITS.text),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** POST /api/apps/{id}/reviews/{reviewId}/reply */
export const ReviewReplyInputSchema = z.object({ text: requiredText('Reply', REVIEW_LIMITS.reply) });

/** POST /api/admin/apps/{id}/reviews/{reviewId}/hide: the reason is mailed to the author. */
export const HideReviewInputSchema = z.object({ reason: requiredText('Reason', REVIEW_LIMITS.hideReason) });

export const AppReviewParamsSchema = z.object({
  id: z.string().trim().min(1, 'App not found').max(100, 'App not found'),
  reviewId: z.string().trim().min(1, REVIEW_MESSAGES.reviewNotFound).max(100, REVIEW_MESSAGES.reviewNotFound),
});

export const ReviewListQuerySchema = z.object({
  limit: limitParam(REVIEW_LIMITS.pageMax).optional(),
  /** Opaque; the next_cursor of the previous page. */
  cursor: z.string().max(500, 'Invalid cursor').optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** A review as everyone sees it: the author's display name only (never their e-mail or id). */
export const ReviewSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  author_name: z.string(),
  /** Always true: only licence holders can review. */
  verified_purchase: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const RatingSummarySchema = z.object({
  average_rating: z.number(),
  review_count: z.number().int(),
  /** Visible reviews per star ("1" to "5"). */
  distribution: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
  }),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** GET /api/apps/{id}/reviews: the summary and a page of the newest visible reviews. */
export const ReviewPageSchema = RatingSummarySchema.extend({
  items: z.array(ReviewSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The author's own review: also when hidden, with why. */
export const OwnReviewSchema = ReviewSchema.extend({
  status: z.enum(['visible', 'hidden', 'unverified']),
  hidden_reason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** GET /api/apps/{id}/reviews/mine */
export const MyReviewSchema = z.object({
  /** Whether the caller holds a completed, not refunded licence (may review). */
  can_review: z.boolean(),
  review: OwnReviewSchema.nullable(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

export const ReviewWriteResponseSchema = z.object({ message: z.string(), review: OwnReviewSchema });
export const ReviewReplyResponseSchema = z.object({ message: z.string(), review: ReviewSchema });
export const ReviewMessageSchema = z.object({ message: z.string() });
