/**
 * How many images one developer may upload (presign or multipart) per 24 hours,
 * UPLOADS_MAX_PENDING_PER_DEVELOPER (default 50, passed by wiring/developer-apps.ts). Each image is
 * one unit of the shared rate limiter, taken by an atomic conditional update, so parallel requests
 * cannot overshoot; a request refused part-way gives back the units it took. Per app, the spec's 10
 * screenshots hold on top of this (upload-service.ts).
 */
import { MSG } from '@shared/messages';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { PENDING_UPLOAD_TTL_SECONDS } from './upload-keys';

export const uploadQuotaKey = (userId: string) => `uploads:${userId}`;

/** The quota of upload-service.ts: `maxPerDeveloper` read at every take. */
export function uploadQuota(limiter: Pick<RateLimiter, 'takeAll'>, maxPerDeveloper: () => number) {
  return {
    async take(userId: string, count: number): Promise<void> {
      const limit = maxPerDeveloper();
      const unit = {
        key: uploadQuotaKey(userId),
        limit,
        windowSeconds: PENDING_UPLOAD_TTL_SECONDS,
        message: (seconds: number) => MSG.uploadQuotaReached(limit, seconds),
      };
      await limiter.takeAll(Array.from({ length: count }, () => unit));
    },
  };
}
