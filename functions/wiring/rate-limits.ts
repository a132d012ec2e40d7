/**
 * The shared DynamoDB rate limiter (core/rate-limit/rate-limiter.ts), and the per-client request
 * limits of public routes that cost the platform something (mails, accounts, payment sessions):
 * each answers 429 with a detail and Retry-After once a client (its address, see
 * http/client-address.ts) is over its hourly budget.
 */
import { MSG } from '@shared/messages';
import { dynamoRateLimitStore } from '../adapters/dynamodb/rate-limit-repo';
import { getConfig } from '../config';
import { createRateLimiter } from '../core/rate-limit/rate-limiter';
import { rateLimitNowMs } from '../http/rate-limit-clock';
import { lazyService } from './lazy';

/** Every limit here reads the rate limits' clock (http/rate-limit-clock.ts: a test may fake it). */
export const rateLimiter = /* @__PURE__ */ lazyService(
  () => createRateLimiter(dynamoRateLimitStore, () => Math.floor(rateLimitNowMs() / 1000)),
  { once: true },
);

const PER_CLIENT = {
  'guest-checkout': () => getConfig().RATE_LIMIT_GUEST_CHECKOUT_PER_CLIENT,
} as const;

/** Takes one request of `bucket` for `client`; throws 429 past the limit (one hour windows). */
export async function limitPerClient(bucket: keyof typeof PER_CLIENT, client: string): Promise<void> {
  await rateLimiter.take({
    key: `${bucket}:${client}`,
    limit: PER_CLIENT[bucket](),
    windowSeconds: 3600,
    message: MSG.tooManyRequests,
  });
}
