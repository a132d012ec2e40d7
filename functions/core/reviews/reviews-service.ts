import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import {
  type MyReview,
  type OwnReview,
  type RatingSummary,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewInput,
  type ReviewPage,
} from '@shared/schemas/reviews';
import { type AppRecord, emptyRatingCounts, isMarketEligible, type RatingCounts, ratingSummary } from '../apps/app';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { buyerIdsOf } from '../purchases/purchase';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { Log, Mailer } from '../users/ports';
import type { User } from '../users/user';
import type { ReviewStore } from './ports';
import { authorOf, type ReviewRecord, toOwnReview, toReview } from './review';
import { reviewHiddenMail } from './review-mails';

export interface ReviewsDeps {
  reviews: ReviewStore;
  apps: { getById(id: string): Promise<AppRecord | undefined> };
  users: { findById(id: string): Promise<User | undefined> };
  mailer: Mailer;
  appUrl: string;
  log: Log;
  /** Reviews written per client address per day (429 with Retry-After past it). */
  limiter?: Pick<RateLimiter, 'take'>;
  perClientPerDay?: () => number;
  now?: () => Date;
}

const DAY = 86_400;

const summaryOf = (counts: RatingCounts): RatingSummary => ({
  ...ratingSummary(counts),
  distribution: { ...emptyRatingCounts(), ...counts },
});

/**
 * Verified reviews: who may write, edit, delete, reply and hide, and what the author is
 * told. Storage keeps the counters; this module keeps the rules.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const now = () => (deps.now ? deps.now() : new Date()).toISOString();

  /** An app that reviews may be read or written for: listed-eligible (public, approved, not suspended). */
  async function reviewableApp(appId: string): Promise<AppRecord> {
    const app = await deps.apps.getById(appId);
    if (!app || !isMarketEligible(app)) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  async function ownReview(appId: string, userId: string): Promise<ReviewRecord> {
    const review = await deps.reviews.mine(appId, userId);
    if (!review) throw new NotFoundError(REVIEW_MESSAGES.noReview);
    return review;
  }

  /**
   * A review is a proven customer's voice: the author's address is verified (anyone can register
   * any address, and throwaway accounts must not rate an app), and the author holds a licence of
   * the app under their account or one of their proven addresses.
   */
  async function provenLicensee(appId: string, userId: string): Promise<User> {
    const user = await deps.users.findById(userId);
    if (!user) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
    if (!user.email_verified) throw new ForbiddenError(REVIEW_MESSAGES.verifyFirst);
    if (!(await deps.reviews.holdsLicence(buyerIdsOf(user), appId))) {
      throw new ForbiddenError(REVIEW_MESSAGES.notLicensed);
    }
    return user;
  }

  /** One review written (or edited) by this client today; 429 past the limit. No client: in-process (seeds). */
  async function countClient(client: string | undefined): Promise<void> {
    if (client === undefined || !deps.limiter) return;
    await deps.limiter.take({
      key: `reviews:${client}`,
      limit: deps.perClientPerDay?.() ?? REVIEW_LIMITS.perClientPerDay,
      windowSeconds: DAY,
      message: REVIEW_MESSAGES.tooManyReviews,
    });
  }

  return {
    /** GET /api/apps/{id}/reviews: summary plus a page of the newest visible reviews. */
    async list(appId: string, limit: number = REVIEW_LIMITS.pageDefault, cursor?: string): Promise<ReviewPage> {
      await reviewableApp(appId);
      const [counts, page] = await Promise.all([
        deps.reviews.counts(appId),
        deps.reviews.listVisible(appId, limit, cursor),
      ]);
      return { ...summaryOf(counts), items: page.items.map(toReview), next_cursor: page.next_cursor };
    },

    /** GET /api/apps/{id}/reviews/mine: can_review only for a verified licence holder (not the app's developer). */
    async mine(appId: string, userId: string): Promise<MyReview> {
      const app = await reviewableApp(appId);
      const [review, user] = await Promise.all([deps.reviews.mine(appId, userId), deps.users.findById(userId)]);
      const licensed =
        app.user_id !== userId && user?.email_verified === true
          ? await deps.reviews.holdsLicence(buyerIdsOf(user), appId)
          : false;
      return { can_review: licensed, review: review ? toOwnReview(review) : null };
    },

    /**
     * POST /api/apps/{id}/reviews: only a verified licence holder, once per app; at most
     * REVIEWS_PER_CLIENT_PER_DAY reviews written per client address a day (`client`).
     */
    async create(appId: string, userId: string, input: ReviewInput, client?: string): Promise<OwnReview> {
      const app = await reviewableApp(appId);
      if (app.user_id === userId) throw new ForbiddenError(REVIEW_MESSAGES.ownApp);
      const user = await provenLicensee(appId, userId);
      if (await deps.reviews.mine(appId, userId)) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
      await countClient(client);
      const at = now();
      const review: ReviewRecord = {
        id: randomUUID(),
        app_id: appId,
        user_id: userId,
        ...authorOf(user),
        rating: input.rating,
        title: input.title ?? null,
        text: input.text ?? null,
        status: 'visible',
        hidden_reason: null,
        hidden_at: null,
        reply: null,
        created_at: at,
        updated_at: at,
        version: 1,
      };
      await deps.reviews.write(null, review);
      deps.log.info('review created', { app_id: appId, review_id: review.id });
      return toOwnReview(review);
    },

    /** PUT /api/apps/{id}/reviews/mine: the author, while verified and holding a licence (counted per client). */
    async update(appId: string, userId: string, input: ReviewInput, client?: string): Promise<OwnReview> {
      await reviewableApp(appId);
      const prev = await ownReview(appId, userId);
      await provenLicensee(appId, userId);
      await countClient(client);
      const next: ReviewRecord = {
        ...prev,
        rating: input.rating,
        title: input.title ?? null,
        text: input.text ?? null,
        // Licensed again after a refund: the review is verified again. A hidden one stays hidden.
        status: prev.status === 'unverified' ? 'visible' : prev.status,
        updated_at: now(),
        version: prev.version + 1,
      };
      await deps.reviews.write(prev, next);
      return toOwnReview(next);
    },

    /** DELETE /api/apps/{id}/reviews/mine: the author (also without a licence: it is their text). */
    async remove(appId: string, userId: string): Promise<void> {
      const prev = await ownReview(appId, userId);
      await deps.reviews.write(prev, null);
      deps.log.info('review deleted', { app_id: appId, review_id: prev.id });
    },

    /** POST /api/apps/{id}/reviews/{reviewId}/reply: the app's developer, once per review. */
    async reply(appId: string, reviewId: string, userId: string, text: string): Promise<Review> {
      const app = await deps.apps.getById(appId);
      if (!app) throw new NotFoundError(MSG.appNotFound);
      const prev = await deps.reviews.get(appId, reviewId);
      if (!prev) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
      if (app.user_id !== userId) throw new ForbiddenError(REVIEW_MESSAGES.notOwner);
      if (prev.reply) throw new ConflictError(REVIEW_MESSAGES.alreadyReplied);
      const at = now();
      const next: ReviewRecord = { ...prev, reply: { text, created_at: at }, version: prev.version + 1 };
      await deps.reviews.write(prev, next);
      return toReview(next);
    },

    /**
     * POST /api/admin/apps/{id}/reviews/{reviewId}/hide: the admin's moderation. The review leaves
     * the list and the average; its author is mailed the reason. Returns the review before and
     * after, for whoever records the admin's action.
     */
    async hide(
      appId: string,
      reviewId: string,
      reason: string,
    ): Promise<{ before: OwnReview; after: OwnReview; app: AppRecord | undefined }> {
      const prev = await deps.reviews.get(appId, reviewId);
      if (!prev) throw new NotFoundError(REVIEW_MESSAGES.reviewNotFound);
      if (prev.status === 'hidden') throw new ConflictError(REVIEW_MESSAGES.alreadyHidden);
      const at = now();
      const next: ReviewRecord = {
        ...prev,
        status: 'hidden',
        hidden_reason: reason,
        hidden_at: at,
        version: prev.version + 1,
      };
      await deps.reviews.write(prev, next);
      const [app, author] = await Promise.all([deps.apps.getById(appId), deps.users.findById(prev.user_id)]);
      if (author?.email) {
        try {
          await deps.mailer.sendMail(reviewHiddenMail({ to: author.email, app, reason, appUrl: deps.appUrl }));
        } catch (err) {
          deps.log.error('review hidden mail failed', { review_id: reviewId, error: (err as Error).message });
        }
      }
      deps.log.info('review hidden', { app_id: appId, review_id: reviewId });
      return { before: toOwnReview(prev), after: toOwnReview(next), app };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
