import { Buffer } from 'node:buffer';
import { MSG } from '../../shared/messages';
import { currentTokenVersion } from '../adapters/dynamodb/token-versions';
import { failedDependency, isDependencyFailure } from '../adapters/resilience';
import { AppError, ForbiddenError, NotImplementedError, UnauthorizedError } from '../core/errors';
import { type RouteDef, type RouteGroup, routeKey, routesOfGroup } from '../routes';
import { writeAuditEntry } from './audit';
import { type AuthUser, bearerToken, verifyAccessToken } from './auth';
import { clientAddress } from './client-address';
import { logger } from './logger';
import type { ApiEvent, ApiRequest, ApiResponse, ApiResult, RouteHandler } from './types';

// CloudFront keeps public marketplace answers briefly (s-maxage); browsers always revalidate
// (max-age=0), so an admin's change shows on a visitor's next load, not 30 s later.
const CACHEABLE = 'public, max-age=0, s-maxage=30';
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function lowerHeaders(headers: ApiEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function toResult(route: RouteDef | undefined, res: ApiResponse): ApiResult {
  const cache =
    route?.cacheable && res.status === 200
      ? CACHEABLE
      : route?.cacheable && res.status === 404
        ? 'public, max-age=0, s-maxage=10'
        : 'no-store';
  const headers: Record<string, string> = { ...BASE_HEADERS, 'cache-control': cache, ...res.headers };
  if (res.raw) {
    const isBuffer = Buffer.isBuffer(res.raw.data);
    return {
      statusCode: res.status,
      headers: { ...headers, 'content-type': res.raw.contentType },
      body: isBuffer ? (res.raw.data as Buffer).toString('base64') : (res.raw.data as string),
      isBase64Encoded: isBuffer,
    };
  }
  return {
    statusCode: res.status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: res.body === undefined ? '' : JSON.stringify(res.body),
  };
}

/** Seconds a client should wait before retrying after a dependency failed (the 503's Retry-After). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const errorResult = (route: RouteDef | undefined, err: AppError): ApiResult =>
  toResult(route, { status: err.status, body: { detail: err.message }, headers: err.headers });

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
  return user;
}

async function optionalAuth(headers: Record<string, string>): Promise<AuthUser | undefined> {
  const token = bearerToken(headers);
  if (!token) return undefined;
  return verifyCurrentToken(token).catch(() => undefined);
}

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

/**
 * Builds the Lambda handler of one route group. It finds the route by API Gateway's routeKey,
 * enforces the access the route table gives it, parses the body, calls the endpoint handler and
 * maps named errors to `{"detail": ...}` responses. Routes of the group with no handler yet
 * answer 501 (after the access check, so the role test covers them too).
 */
export function createGroupHandler(group: RouteGroup, handlers: Partial<Record<string, RouteHandler>>) {
  const routes = new Map(routesOfGroup(group).map((rt) => [routeKey(rt), rt] as const));
  for (const key of Object.keys(handlers)) {
    if (!routes.has(key)) throw new Error(`Handler ${key} is not a route of group ${group} in routes.ts`);
  }

  return async function handler(event: ApiEvent): Promise<ApiResult> {
    const route = routes.get(event.routeKey);
    if (!route) return errorResult(undefined, new AppError(404, 'Not Found'));
    try {
      const headers = lowerHeaders(event.headers);
      const auth = await authenticate(route, headers);
      const rawBody = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
      let body: unknown;
      if (!route.rawBody && rawBody.length > 0) {
        try {
          body = JSON.parse(rawBody.toString('utf8'));
        } catch {
          throw new AppError(400, 'Request body must be valid JSON');
        }
      }
      const endpoint = handlers[event.routeKey];
      if (!endpoint) throw new NotImplementedError(`${event.routeKey} is not available yet`);
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) query[k] = v;
      const req: ApiRequest = {
        route,
        method: route.method,
        path: event.rawPath,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query,
        headers,
        body,
        rawBody,
        auth,
        optionalAuth: auth ?? (route.access === 'public' ? await optionalAuth(headers) : undefined),
        sourceIp: event.requestContext?.http?.sourceIp ?? '',
        clientIp: clientAddress(headers, event.requestContext?.http?.sourceIp ?? ''),
        event,
      };
      const res = await endpoint(req);
      // Audited routes (routes.ts `audit`): one audit trail entry per successful state change.
      if (route.audit) await writeAuditEntry(req, res.status);
      return toResult(route, res);
    } catch (err) {
      if (err instanceof AppError) return errorResult(route, err);
      // A database, bucket, mail or queue service that failed or hung: 503 with Retry-After, and
      // the log says which one, instead of a bare 500 (issue 12 item 10).
      if (isDependencyFailure(err)) {
        logger.error('dependency unavailable', {
          route: event.routeKey,
          dependency: failedDependency(err) ?? 'unknown',
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        return errorResult(
          route,
          new AppError(503, MSG.dependencyUnavailable, { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) }),
        );
      }
      logger.error('unhandled error', {
        route: event.routeKey,
        error: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      return errorResult(route, new AppError(500, 'Internal server error'));
    }
  };
}
