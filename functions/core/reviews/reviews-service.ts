import { randomUUID } from 'node:crypto';
import { MSG } from '../../../shared/messages';
import {
  type MyReview,
  type OwnReview,
  type RatingSummary,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewInput,
  type ReviewPage,
} from '../../../shared/schemas/reviews';
import { type AppRecord, emptyRatingCounts, isMarketEligible, type RatingCounts, ratingSummary } from '../apps/app';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { Log, Mailer } from '../users/ports';
import type { User } from '../users/user';
import type { ReviewStore } from './ports';
import { authorName, type ReviewRecord, toOwnReview, toReview } from './review';

export interface ReviewsDeps {
  reviews: ReviewStore;
  apps: { getById(id: string): Promise<AppRecord | undefined> };
  users: { findById(id: string): Promise<User | undefined> };
  mailer: Mailer;
  appUrl: string;
  log: Log;
  now?: () => Date;
}

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

    /** GET /api/apps/{id}/reviews/mine */
    async mine(appId: string, userId: string): Promise<MyReview> {
      const app = await reviewableApp(appId);
      const [review, licensed] = await Promise.all([
        deps.reviews.mine(appId, userId),
        app.user_id === userId ? false : deps.reviews.holdsLicence(userId, appId),
      ]);
      return { can_review: licensed, review: review ? toOwnReview(review) : null };
    },

    /** POST /api/apps/{id}/reviews: only a licence holder, once per app. */
    async create(appId: string, userId: string, input: ReviewInput): Promise<OwnReview> {
      const app = await reviewableApp(appId);
      if (app.user_id === userId) throw new ForbiddenError(REVIEW_MESSAGES.ownApp);
      if (!(await deps.reviews.holdsLicence(userId, appId))) throw new ForbiddenError(REVIEW_MESSAGES.notLicensed);
      if (await deps.reviews.mine(appId, userId)) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
      const user = await deps.users.findById(userId);
      const at = now();
      const review: ReviewRecord = {
        id: randomUUID(),
        app_id: appId,
        user_id: userId,
        author_name: authorName(user ?? {}),
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

    /** PUT /api/apps/{id}/reviews/mine: the author, while holding a licence. */
    async update(appId: string, userId: string, input: ReviewInput): Promise<OwnReview> {
      await reviewableApp(appId);
      const prev = await ownReview(appId, userId);
      if (!(await deps.reviews.holdsLicence(userId, appId))) throw new ForbiddenError(REVIEW_MESSAGES.notLicensed);
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
        const appName = app?.name ?? 'an app';
        const link = app ? `${deps.appUrl}/marketplace/app/${encodeURIComponent(app.slug || app.id)}` : deps.appUrl;
        try {
          await deps.mailer.sendMail({
            to: author.email,
            subject: `Your review of ${appName} was hidden`,
            text: [
              `Your review of ${appName} is no longer shown in the marketplace.`,
              '',
              `Reason given by our moderators: ${reason}`,
              '',
              `You can edit or delete your review on the app's page: ${link}`,
            ].join('\n'),
          });
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
