/**
 * Review rules without zod, for the SPA's visitor pages as well as the server: the length limits
 * and the texts the API answers with. The request and response schemas are in shared/schemas/reviews.ts.
 */
export const REVIEW_LIMITS = {
  title: 120,
  text: 4_000,
  reply: 2_000,
  hideReason: 500,
  pageMax: 50,
  pageDefault: 10,
  /** Reviews written or edited per client address per day (REVIEWS_PER_CLIENT_PER_DAY's default). */
  perClientPerDay: 10,
} as const;

/** How a reviewer who is not a practice account is shown: never a name they typed. */
export const VERIFIED_CUSTOMER = 'Verified customer';

export const REVIEW_MESSAGES = {
  notLicensed: 'Only customers with a license for this app can review it',
  verifyFirst: 'Verify your email address before reviewing: only a confirmed customer can review an app',
  tooManyReviews: (seconds: number) => {
    const hours = Math.max(1, Math.ceil(seconds / 3600));
    return `Too many reviews from your network today. Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
  },
  alreadyReviewed: 'You have already reviewed this app: edit your review instead',
  noReview: 'You have not reviewed this app',
  reviewNotFound: 'Review not found',
  ownApp: 'You cannot review your own app',
  notOwner: 'Only the developer of this app can reply to its reviews',
  alreadyReplied: 'This review already has a reply',
  alreadyHidden: 'This review is already hidden',
  reviewSaved: 'Thank you! Your review is published.',
  reviewUpdated: 'Review updated',
  reviewDeleted: 'Review deleted',
  replySaved: 'Reply published',
  reviewHidden: 'Review hidden',
} as const;
