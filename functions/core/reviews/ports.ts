import type { RatingCounts } from '../apps/app';
import type { ReviewRecord } from './review';

/**
 * Storage of reviews, implemented in functions/adapters/dynamodb/reviews-repo.ts. Every write
 * that changes whether or how a review counts moves the app's star counters in the same
 * transaction, conditioned on the review being as the caller read it (else ConflictError).
 */
export interface ReviewStore {
  /** The caller's review of an app, whatever its status. */
  mine(appId: string, userId: string): Promise<ReviewRecord | undefined>;
  get(appId: string, reviewId: string): Promise<ReviewRecord | undefined>;
  /** Creates, updates (prev and next) or deletes (next null) one review with its counters. */
  write(prev: ReviewRecord | null, next: ReviewRecord | null): Promise<void>;
  /** Visible reviews of an app, newest first, one page at a time (cursor opaque). */
  listVisible(
    appId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ items: ReviewRecord[]; next_cursor: string | null }>;
  /** The app's star counters (visible reviews per star). */
  counts(appId: string): Promise<RatingCounts>;
  /**
   * Whether one of these buyer ids (an account's own and its proven addresses' guest ones:
   * buyerIdsOf) holds a completed, not refunded purchase of the app.
   */
  holdsLicence(buyerIds: readonly string[], appId: string): Promise<boolean>;
}
