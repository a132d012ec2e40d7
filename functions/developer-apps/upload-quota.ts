/**
 * How many images one developer may upload (presign or multipart) per 24 hours,
 * UPLOADS_MAX_PENDING_PER_DEVELOPER (default 50). Each image is one unit of the shared DynamoDB
 * rate limiter, taken by an atomic conditional update, so parallel requests cannot overshoot; a
 * request refused part-way gives back the units it took. Per app, the spec's 10 screenshots hold
 * on top of this (upload-service.ts).
 */
import { MSG } from '../../shared/messages';
import { getConfig } from '../config';
import { PENDING_UPLOAD_TTL_SECONDS } from '../core/uploads/upload-keys';
import { rateLimiter } from '../http/client-limits';

export const uploadQuotaKey = (userId: string) => `uploads:${userId}`;

export const uploadQuota = {
  async take(userId: string, count: number): Promise<void> {
    const limit = getConfig().UPLOADS_MAX_PENDING_PER_DEVELOPER;
    const unit = {
      key: uploadQuotaKey(userId),
      limit,
      windowSeconds: PENDING_UPLOAD_TTL_SECONDS,
      message: (seconds: number) => MSG.uploadQuotaReached(limit, seconds),
    };
    await rateLimiter.takeAll(Array.from({ length: count }, () => unit));
  },
};
