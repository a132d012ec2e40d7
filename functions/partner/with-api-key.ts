import type { ApiKeyRecord } from '../core/api-keys/api-key';
import { type RateLimitState, rateLimitHeaders } from '../core/api-keys/quota';
import { AppError } from '../core/errors';
import type { ApiRequest, ApiResponse, RouteHandler } from '../http/types';
import { apiKeys } from './service';

/** The authenticated caller of a Partner API route. */
export interface PartnerCaller {
  key: ApiKeyRecord;
  /** This call's admission: the quota after it was counted (await it only when the answer needs it). */
  quota: Promise<RateLimitState>;
}

/** A Partner API handler. It must only READ: it runs while the call's admission is being decided. */
export type PartnerHandler = (req: ApiRequest, caller: PartnerCaller) => Promise<ApiResponse>;

/**
 * Wraps a Partner API handler: authenticates the X-API-Key (401 without key context), counts the
 * call against the key's daily quota and runs the handler. Counting and the handler's reads run
 * side by side to save a round trip, but the quota decides: a refused call answers 429 with
 * Retry-After whatever the handler found. Every answer after authentication, success or error,
 * carries the X-RateLimit-* headers.
 */
export function withApiKey(handler: PartnerHandler): RouteHandler {
  return async (req) => {
    const key = await apiKeys.authenticate(req.headers['x-api-key']);
    const admission = apiKeys.admit(key);
    const [admitted, outcome] = await Promise.allSettled([admission, handler(req, { key, quota: admission })]);
    if (admitted.status === 'rejected') throw admitted.reason;
    const headers = rateLimitHeaders(admitted.value);
    if (outcome.status === 'fulfilled') return { ...outcome.value, headers: { ...outcome.value.headers, ...headers } };
    const err = outcome.reason;
    if (err instanceof AppError) throw new AppError(err.status, err.message, { ...err.headers, ...headers });
    throw err;
  };
}
