/**
 * Faults: the network limits and retries every AWS SDK client gets, and how a
 * failed or hung dependency is recognised so the HTTP layer answers 503 with Retry-After.
 *
 * Without this the SDK has no timeouts: with DynamoDB Local paused (as a hung network leaves it)
 * every request hung for more than 40 s. Now a connection must open within
 * AWS_CONNECT_TIMEOUT_MS and an answer arrive within AWS_REQUEST_TIMEOUT_MS. Refused or reset
 * connections, throttling and 5xx answers are retried with full jitter (the SDK's backoff
 * formula), at most AWS_MAX_ATTEMPTS attempts in all; a timeout is not retried, since a dependency
 * that did not answer within the limit will not answer within the request's remaining budget.
 */
import type { RetryErrorInfo, RetryStrategyV2, RetryToken, StandardRetryToken } from '@smithy/types';
import { getConfig } from '../config';
import { currentInvocation } from '../platform/invocation';

const BASE_DELAY_MS = 50;
const MAX_DELAY_MS = 500;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

const FAILED_SERVICE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'InternalServerError',
  'InternalFailure',
  'InternalError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'LimitExceededException',
]);

interface SdkLikeError {
  name?: string;
  code?: string;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
  $dependency?: string;
}

/** The SDK's timeouts (connection and request) and a socket that timed out. */
export function isTimeout(err: unknown): boolean {
  const e = err as SdkLikeError | undefined;
  return e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT';
}

/**
 * A dependency that failed or hung, as opposed to a request it refused (a condition that failed,
 * a validation error, a missing item): timeouts, network errors, throttling and 5xx answers.
 */
export function isDependencyFailure(err: unknown): boolean {
  for (let e = err as SdkLikeError | undefined, depth = 0; e && depth < 4; e = e.cause as SdkLikeError, depth++) {
    if (typeof e !== 'object') return false;
    if (e.name && FAILED_SERVICE_NAMES.has(e.name)) return true;
    if (e.code && NETWORK_CODES.has(e.code)) return true;
    const status = e.$metadata?.httpStatusCode;
    if (typeof status === 'number' && status >= 500) return true;
  }
  return false;
}

/** Which dependency failed, when the SDK client tagged the error (see tagDependency). */
export const failedDependency = (err: unknown): string | undefined => (err as SdkLikeError | undefined)?.$dependency;

const token = (retries: number, delay: number, cost?: number): StandardRetryToken => ({
  getRetryCount: () => retries,
  getRetryDelay: () => delay,
  getRetryCost: () => cost,
  isLongPoll: () => false,
});

/** Bounded retries with full jitter; timeouts and the caller's own errors are never retried. */
export class BoundedJitterRetry implements RetryStrategyV2 {
  readonly mode = 'standard';
  constructor(private readonly maxAttempts: number) {}

  async acquireInitialRetryToken(): Promise<RetryToken> {
    return token(0, 0);
  }

  async refreshRetryTokenForRetry(previous: RetryToken, info: RetryErrorInfo): Promise<RetryToken> {
    const retries = previous.getRetryCount();
    const retryable =
      info.errorType === 'TRANSIENT' || info.errorType === 'THROTTLING' || info.errorType === 'SERVER_ERROR';
    if (retries + 1 >= this.maxAttempts || !retryable || isTimeout(info.error)) {
      throw new Error('no retry');
    }
    // Full jitter: anywhere between 0 and the exponential cap, so retrying clients spread out.
    const delay = Math.floor(Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (retries + 1)));
    return token(retries + 1, delay, 1);
  }

  recordSuccess(): void {}
}

/**
 * The options every AWS SDK client is created with: timeouts on its HTTP handler and the bounded
 * retry strategy. Spread into the client's configuration.
 */
export function awsClientResilience() {
  const cfg = getConfig();
  return {
    requestHandler: {
      connectionTimeout: cfg.AWS_CONNECT_TIMEOUT_MS,
      requestTimeout: cfg.AWS_REQUEST_TIMEOUT_MS,
      // Without this the SDK only logs a warning when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
    },
    maxAttempts: cfg.AWS_MAX_ATTEMPTS,
    retryStrategy: new BoundedJitterRetry(cfg.AWS_MAX_ATTEMPTS),
  };
}

interface MiddlewareStackOwner {
  middlewareStack: {
    add(
      middleware: (next: (args: unknown) => Promise<unknown>) => (args: unknown) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/**
 * After a call timed out, further calls of the same API request (platform/invocation.ts, entered
 * by http/group-handler.ts) through the same client fail at once for this long instead of each
 * waiting out its own timeout: a request that cleans up after a failure (e.g. releasing a checkout
 * slot) would otherwise wait twice and miss the 5 s budget.
 *
 * Per request, not per process: a Lambda container runs one invocation at a time, but the local
 * server runs every request in one process, where a breaker per client made one slow call fail
 * every other request in flight for a second (bursts of 503s in the e2e suite). Queue workers and
 * the scheduled sweep run without one: they have minutes, not 5 s, and their clean-up must
 * happen (a fulfilment worker whose delivery timed out gives its lease back so the queue's retry
 * can take it; with the breaker open that write failed at once and the retry was dropped as a
 * duplicate, leaving the licence undelivered until the lease ran out).
 */
export const BREAKER_OPEN_MS = 1_000;

/**
 * Tags errors that leave the client with the dependency's name ("DynamoDB", "S3", ...), so the
 * 503 answer's log line says which one failed, and opens a short circuit breaker of the current
 * API request after a timeout (BREAKER_OPEN_MS; outside one, none). Returns the
 * client.
 */
export function tagDependency<T extends object>(client: T, dependency: string): T {
  const breaker = {};
  const tag = (err: unknown) => {
    if (err && typeof err === 'object' && !('$dependency' in err)) {
      Object.defineProperty(err, '$dependency', { value: dependency, enumerable: false });
    }
    return err;
  };
  (client as T & MiddlewareStackOwner).middlewareStack.add(
    (next) => async (args) => {
      const breakers = currentInvocation()?.breakers;
      if (breakers && Date.now() < (breakers.get(breaker) ?? 0)) {
        throw tag(
          Object.assign(new Error(`${dependency} did not answer in time a moment ago; not waiting again`), {
            name: 'TimeoutError',
          }),
        );
      }
      try {
        return await next(args);
      } catch (err) {
        if (isTimeout(err)) breakers?.set(breaker, Date.now() + BREAKER_OPEN_MS);
        throw tag(err);
      }
    },
    { step: 'initialize', name: 'tagDependency' },
  );
  return client;
}
