import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { NotImplementedError } from '../core/errors';
import { type RouteDef, type RouteGroup, routeKey, routesOfGroup } from '../routes';
import { clientAddress } from './client-address';
import { withRequestId } from './logger';
import {
  auditTrail,
  authentication,
  bodyParsing,
  errorMapping,
  type GroupContext,
  type GroupState,
  headersOf,
  invocationLogging,
  originAndSecrets,
  routeOf,
  routeResolution,
  toResult,
} from './middleware';
import type { ApiEvent, ApiRequest, ApiResult, RouteHandler } from './types';

export { DEPENDENCY_RETRY_AFTER_SECONDS } from './middleware';

/**
 * Builds the Lambda handler of one route group: a middy chain (middleware.ts) that finds the route
 * by API Gateway's routeKey, enforces the access the route table gives it, parses the body, calls
 * the endpoint handler, writes the audit entry and maps named errors to `{"detail": ...}`
 * responses. Routes of the group with no handler yet answer 501 (after the access check, so the
 * role test covers them too). The local server invokes the same handler.
 */
export function createGroupHandler(group: RouteGroup, handlers: Partial<Record<string, RouteHandler>>) {
  const routes = new Map(routesOfGroup(group).map((rt) => [routeKey(rt), rt] as const));
  for (const key of Object.keys(handlers)) {
    if (!routes.has(key)) throw new Error(`Handler ${key} is not a route of group ${group} in routes.ts`);
  }

  const chain = middy<ApiEvent, ApiResult, unknown, GroupContext, GroupState>({
    // An endpoint that runs out of time ends as a Lambda timeout, as before (no early 500).
    timeoutEarlyInMillis: 0,
  })
    .use(invocationLogging())
    .use(errorMapping())
    .use(routeResolution(routes as ReadonlyMap<string, RouteDef>))
    .use(originAndSecrets())
    .use(authentication())
    .use(bodyParsing())
    .use(auditTrail())
    .handler(async (event, context) => {
      const request = { internal: context.groupState ?? {} };
      const route = routeOf(request);
      const endpoint = handlers[event.routeKey];
      if (!endpoint) throw new NotImplementedError(`${event.routeKey} is not available yet`);
      const headers = headersOf(request);
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) query[k] = v;
      const sourceIp = event.requestContext?.http?.sourceIp ?? '';
      const req: ApiRequest = {
        route,
        method: route.method,
        path: event.rawPath,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query,
        headers,
        body: request.internal.body,
        rawBody: request.internal.rawBody ?? Buffer.alloc(0),
        auth: request.internal.auth,
        optionalAuth: request.internal.optionalAuth,
        sourceIp,
        clientIp: clientAddress(headers, sourceIp),
        event,
      };
      request.internal.req = req;
      return toResult(route, await endpoint(req));
    });

  return async function handler(event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> {
    // Every log line of the request carries API Gateway's request id as its correlation id.
    return withRequestId(event.requestContext?.requestId ?? context?.awsRequestId, () =>
      chain(event, (context ?? {}) as GroupContext),
    );
  };
}
