/**
 * The steps every route group Lambda takes around an endpoint handler, as middy middleware
 * (composed in group-handler.ts, in this order):
 *
 *   invocationLogging  Lambda context on the log lines; metrics flushed once per invocation
 *                      (the correlation id wraps the chain: group-handler.ts)
 *   errorMapping       named errors → `{"detail": ...}`; a failed dependency → 503; else 500
 *   routeResolution    the route of API Gateway's routeKey in routes.ts (404 if none)
 *   originAndSecrets   cold-start secrets, then the CloudFront origin header (403)
 *   authentication     the access the route table gives the route (401/403)
 *   bodyParsing        raw bytes, and JSON unless the route takes raw bytes (400)
 *   auditTrail         an audited route's entry written with its change, completed after (http/audit.ts)
 *
 * The state the steps hand on lives in middy's `request.internal` (GroupState), which the endpoint
 * call reads from its context (`groupState`).
 */
import { Buffer } from 'node:buffer';
import type { MiddlewareObj, Request } from '@middy/core';
import * as MSG from '@shared/messages/service';
import type { Context } from 'aws-lambda';
import { currentTokenVersion } from '../adapters/dynamodb/token-versions';
import { failedDependency, isDependencyFailure } from '../adapters/resilience';
import { assertHttpOriginConfigured, getConfig } from '../config';
import { AppError, ForbiddenError, UnauthorizedError } from '../core/errors';
import { flushMetrics } from '../platform/metrics';
import type { RouteDef } from '../routes';
import { ensureSecrets } from '../secrets';
import { type AuditedCall, finishAudited, openAudited, statusOfError } from './audit';
import { type AuthUser, bearerToken, verifyAccessToken } from './auth';
import { addLambdaContext, errorField, logger } from './logger';
import { ORIGIN_REFUSED, originVerified } from './origin-verify';
import type { ApiEvent, ApiRequest, ApiResponse, ApiResult } from './types';

/** What the steps learn about a request, handed from one to the next. */
export interface GroupState extends Record<string, unknown> {
  route?: RouteDef;
  /** Header names lower-cased. */
  headers?: Record<string, string>;
  auth?: AuthUser;
  optionalAuth?: AuthUser;
  rawBody?: Buffer;
  body?: unknown;
  /** The request the endpoint handler received (for the audit trail). */
  req?: ApiRequest;
  /** How the endpoint is called (the audit step runs an audited route's in its audit scope). */
  runEndpoint?: (req: ApiRequest, endpoint: () => Promise<ApiResponse>) => Promise<ApiResponse>;
  /** The audited call in progress (its pending entry). */
  audited?: AuditedCall;
}

/** The Lambda context, carrying the steps' state to the endpoint call (middy hands a handler only event and context). */
export interface GroupContext extends Context {
  groupState?: GroupState;
}

export type GroupRequest = Request<ApiEvent, ApiResult, unknown, GroupContext, GroupState>;
export type GroupMiddleware = MiddlewareObj<ApiEvent, ApiResult, unknown, GroupContext, GroupState>;

// CloudFront keeps public marketplace answers briefly (s-maxage); browsers always revalidate
// (max-age=0), so an admin's change shows on a visitor's next load, not 30 s later.
const CACHEABLE = 'public, max-age=0, s-maxage=30';
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Seconds a client should wait before retrying after a dependency failed (the 503's Retry-After). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

export function toResult(route: RouteDef | undefined, res: ApiResponse): ApiResult {
  const cache =
    route?.cacheable && res.status === 200
      ? CACHEABLE
      : route?.cacheable && res.status === 404
        ? 'public, max-age=0, s-maxage=10'
        : 'no-store';
  // One object, in the order the headers always had: base, cache-control, the handler's, content-type.
  const contentType = res.raw ? res.raw.contentType : 'application/json; charset=utf-8';
  const headers = { ...BASE_HEADERS, 'cache-control': cache, ...res.headers, 'content-type': contentType };
  if (res.raw) {
    const data = res.raw.data;
    const isBuffer = Buffer.isBuffer(data);
    return {
      statusCode: res.status,
      headers,
      body: isBuffer ? data.toString('base64') : data,
      isBase64Encoded: isBuffer,
    };
  }
  return { statusCode: res.status, headers, body: res.body === undefined ? '' : JSON.stringify(res.body) };
}

const errorResult = (route: RouteDef | undefined, err: AppError): ApiResult =>
  toResult(route, { status: err.status, body: { detail: err.message }, headers: err.headers });

function lowerHeaders(headers: ApiEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** The state a step needs from an earlier one; missing means the chain was composed wrongly. */
function required<K extends keyof GroupState>(
  request: Pick<GroupRequest, 'internal'>,
  key: K,
): NonNullable<GroupState[K]> {
  const value = request.internal[key];
  if (value === undefined || value === null)
    throw new Error(`group handler: ${String(key)} not set by an earlier step`);
  return value as NonNullable<GroupState[K]>;
}

export const routeOf = (request: Pick<GroupRequest, 'internal'>): RouteDef => required(request, 'route');
export const headersOf = (request: Pick<GroupRequest, 'internal'>): Record<string, string> =>
  required(request, 'headers');

/**
 * Adds the Lambda context (function name, cold start) to log lines and hands the steps' state to
 * the endpoint call; flushes the invocation's metrics.
 */
export const invocationLogging = (): GroupMiddleware => ({
  before: (request) => {
    addLambdaContext(request.context);
    request.context.groupState = request.internal;
  },
  after: () => {
    flushMetrics();
  },
  onError: () => {
    flushMetrics();
  },
});

/**
 * Named errors (core/errors.ts) become their status with `{"detail": message}`. A database,
 * bucket, mail or queue service that failed or hung is a 503 with Retry-After, and the log says
 * which one, instead of a bare 500; anything else is logged and answers 500.
 */
export const errorMapping = (): GroupMiddleware => ({
  onError: (request) => {
    const err = request.error;
    const route = request.internal.route;
    if (err instanceof AppError) {
      request.response = errorResult(route, err);
      return;
    }
    if (isDependencyFailure(err)) {
      logger.error('dependency unavailable', {
        route: request.event.routeKey,
        dependency: failedDependency(err) ?? 'unknown',
        error: errorField(err),
      });
      request.response = errorResult(
        route,
        new AppError(503, MSG.dependencyUnavailable, { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) }),
      );
      return;
    }
    logger.error('unhandled error', {
      route: request.event.routeKey,
      error: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    request.response = errorResult(route, new AppError(500, 'Internal server error'));
  },
});

/** Finds the route by API Gateway's routeKey among the group's routes. */
export const routeResolution = (routes: ReadonlyMap<string, RouteDef>): GroupMiddleware => ({
  before: (request) => {
    const route = routes.get(request.event.routeKey);
    if (!route) throw new AppError(404, 'Not Found');
    request.internal.route = route;
    request.internal.headers = lowerHeaders(request.event.headers);
  },
});

/**
 * Cold start: the secrets this function may read (cached; a failure is a 503, not a crash); then the
 * origin header. In the cloud a function without the origin secret serves nothing (config.ts).
 */
export const originAndSecrets = (): GroupMiddleware => ({
  before: async (request) => {
    assertHttpOriginConfigured();
    await ensureSecrets();
    const cfg = getConfig();
    if (!originVerified(headersOf(request), cfg.ORIGIN_VERIFY_SECRET, cfg.ORIGIN_VERIFY_PREVIOUS_SECRET)) {
      throw new ForbiddenError(ORIGIN_REFUSED);
    }
  },
});

/**
 * A valid signature is not enough: the token must carry the account's current token version
 * (moved on by password resets and changes and when an admin takes rights away), and the account
 * must still exist.
 */
async function verifyCurrentToken(token: string): Promise<AuthUser> {
  const user = await verifyAccessToken(token);
  const current = await currentTokenVersion(user.userId);
  if (current === undefined || current !== user.tokenVersion) throw new UnauthorizedError(MSG.sessionEnded);
  return user;
}

async function authenticate(route: RouteDef, headers: Record<string, string>): Promise<AuthUser | undefined> {
  if (route.access === 'public' || route.access === 'apikey') {
    if (route.access === 'apikey' && !headers['x-api-key']) {
      throw new UnauthorizedError('Missing API key: send it in the X-API-Key header');
    }
    return undefined;
  }
  const token = bearerToken(headers);
  if (!token) throw new UnauthorizedError('Not authenticated');
  const user = await verifyCurrentToken(token);
  if (route.access === 'admin' && user.role !== 'admin') throw new ForbiddenError('Admin access required');
  if (route.access === 'developer' && user.role !== 'developer') {
    throw new ForbiddenError('Developer access required');
  }
  if (route.access === 'buyer' && user.role !== 'developer' && user.role !== 'practice') {
    throw new ForbiddenError('Only developer and practice accounts can do this');
  }
  if (route.access === 'owner_or_admin' && user.role !== 'developer' && user.role !== 'admin') {
    throw new ForbiddenError('Developer or admin access required');
  }
  return user;
}

/**
 * Enforces the access routes.ts gives the route. On public routes a valid token sent anyway is
 * read as `optionalAuth` (ownership hints); an invalid one is ignored there.
 */
export const authentication = (): GroupMiddleware => ({
  before: async (request) => {
    const route = routeOf(request);
    const headers = headersOf(request);
    const auth = await authenticate(route, headers);
    request.internal.auth = auth;
    if (auth) {
      request.internal.optionalAuth = auth;
    } else if (route.access === 'public') {
      const token = bearerToken(headers);
      if (token) request.internal.optionalAuth = await verifyCurrentToken(token).catch(() => undefined);
    }
  },
});

const EMPTY_BODY = Buffer.alloc(0);

/** The body as bytes, and parsed as JSON unless the route takes raw bytes (multipart, signed webhooks). */
export const bodyParsing = (): GroupMiddleware => ({
  before: (request) => {
    const { event } = request;
    const rawBody = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : EMPTY_BODY;
    request.internal.rawBody = rawBody;
    if (!routeOf(request).rawBody && rawBody.length > 0) {
      try {
        request.internal.body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(400, 'Request body must be valid JSON');
      }
    }
  },
});

/**
 * Audited routes (routes.ts `audit`): the endpoint runs in the call's audit scope, so its first
 * table write carries the entry (or the entry is written first: AUDIT_BEFORE_CHANGE); after the
 * answer, or the error, the entry is completed with the status and the handler's detail.
 */
export const auditTrail = (): GroupMiddleware => ({
  before: (request) => {
    request.internal.runEndpoint = async (req, endpoint) => {
      const call = await openAudited(req);
      if (!call) return endpoint();
      request.internal.audited = call;
      return call.writtenFirst ? endpoint() : call.scope.run(endpoint);
    };
  },
  after: async (request) => {
    const call = request.internal.audited;
    if (call && request.response && !(await finishAudited(call, request.response.statusCode ?? 200))) {
      // The test stack (AUDIT_UNLISTED_NO_WRITE=fail): a change that escaped its entry's transaction.
      request.response = errorResult(routeOf(request), new AppError(500, 'Internal server error'));
    }
  },
  onError: async (request) => {
    const call = request.internal.audited;
    if (call) await finishAudited(call, statusOfError(request.error));
  },
});
