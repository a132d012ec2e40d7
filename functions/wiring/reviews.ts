/**
 * Verified reviews (core/reviews/reviews-service.ts): DynamoDB, SES and the users repository. Used by
 * the marketplace (buyers' reviews), developer-apps (the developer's reply) and admin (hiding a review).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoReviewStore } from '../adapters/dynamodb/reviews-repo';
import { findUserProfile } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { createReviewsService, type ReviewsDeps } from '../core/reviews/reviews-service';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { rateLimiter } from './rate-limits';

/** The reviews service on its real adapters; the demo seed replaces the mailer and the log (it mails no one). */
export const buildReviewsService = (overrides: Partial<ReviewsDeps> = {}) =>
  createReviewsService({
    reviews: dynamoReviewStore,
    apps: new DynamoAppsRepository(),
    users: { findById: findUserProfile },
    mailer: sesMailer,
    appUrl: getConfig().APP_URL,
    log: logger,
    limiter: rateLimiter,
    perClientPerDay: () => getConfig().REVIEWS_PER_CLIENT_PER_DAY,
    ...overrides,
  });

export const reviews = /* @__PURE__ */ lazyService(() => buildReviewsService());
