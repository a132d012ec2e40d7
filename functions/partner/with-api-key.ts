import { type RateLimitState, rateLimitHeaders } from '@shared/schemas/partner';
import type { AdmittedKey } from '../core/api-keys/ports';
import { AppError } from '../core/errors';
import type { ApiRequest, ApiResponse, RouteHandler } from '../http/types';
import { apiKeys } from '../wiring/api-keys';

/** The authenticated caller of a Partner API route. */
export interface PartnerCaller {
  key: AdmittedKey;
  /** This call's admission: the quota after it was counted. */
  quota: Promise<RateLimitState>;
}

/** A Partner API handler; it runs only for admitted calls. */
export type PartnerHandler = (req: ApiRequest, caller: PartnerCaller) => Promise<ApiResponse>;

/**
 * Wraps a Partner API handler: authenticates the X-API-Key and counts the call against the key's
 * developer's daily quota in one conditional update of its quota item (401 without key context, 429 with
 * Retry-After when over the limit), then runs the handler. Every answer after authentication,
 * success or error, carries the X-RateLimit-* headers.
 */
export function withApiKey(handler: PartnerHandler): RouteHandler {
  return async (req) => {
    const { key, quota } = await apiKeys.enter(req.headers['x-api-key']);
    const headers = rateLimitHeaders(quota);
    try {
      const answer = await handler(req, { key, quota: Promise.resolve(quota) });
      return { ...answer, headers: { ...answer.headers, ...headers } };
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.status, err.message, { ...err.headers, ...headers });
      throw err;
    }
  };
}
