import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { NotImplementedError } from '../core/errors';
import { withInvocation } from '../platform/invocation';
import { type GroupRoute, type RouteDef, type RouteGroup, routeKey, routesOfGroup } from '../routes';
import { clientAddress, clientKey } from './client-address';
import { withRequestId } from './logger';
import {
  auditTrail,
  authentication,
  bodyParsing,
  errorMapping,
  type GroupContext,
  type GroupMiddleware,
  type GroupState,
  headersOf,
  invocationLogging,
  originAndSecrets,
  routeOf,
  routeResolution,
  toResult,
} from './middleware';
import type { ApiEvent, ApiRequest, ApiResult, AuthByAccess, Handler } from './types';

export { DEPENDENCY_RETRY_AFTER_SECONDS } from './middleware';

/**
 * A group's handler map, derived from routes.ts: exactly one handler per route of the group, keyed
 * by its route key ("GET /api/apps/{id}"), each typed by its route's access. A missing route, a key
 * that is not a route of the group, or a handler of the wrong access (one that needs `req.auth` on a
 * public route, or one written for public requests on a signed-in route) does not compile.
 */
export type GroupHandlers<G extends RouteGroup> = {
  [R in GroupRoute<G> as `${R['method']} ${R['path']}`]: Handler<AuthByAccess[R['access']]>;
};

/** A handler as the router calls it: with the request of whichever route it serves. */
type Endpoint = Handler<AuthByAccess[keyof AuthByAccess]>;

/**
 * The handlers by route key, as the router calls them. The map's type (GroupHandlers) pairs each
 * handler with its route's access, and the authentication step guarantees that pairing at run
 * time (`auth` is set on every signed-in route, absent on public and API-key ones); the router
 * calls each handler only with the request of its own route.
 */
function endpointsOf<G extends RouteGroup>(handlers: GroupHandlers<G>): ReadonlyMap<string, Endpoint> {
  // The one widening of the typed map (TypeScript cannot follow the key-to-access pairing through a
  // lookup by a run-time key); the router checks the pairing on each call (createGroupHandler).
  return new Map(Object.entries(handlers) as [string, Endpoint][]);
}

/**
 * Builds the Lambda handler of one route group: a middy chain (middleware.ts) that finds the route
 * by API Gateway's routeKey, enforces the access the route table gives it, parses the body, calls
 * the endpoint handler, writes the audit entry and maps named errors to `{"detail": ...}`
 * responses. The local server invokes the same handler.
 */
export function createGroupHandler<G extends RouteGroup>(group: G, handlers: GroupHandlers<G>) {
  return createGroupHandlerOf(group, routesOfGroup(group), handlers);
}

/**
 * createGroupHandler with the group's routes given (the checkout's: CHECKOUT_ROUTES of routes.ts),
 * so that its bundle holds them and not the whole route table; they must be exactly the group's.
 */
export function createGroupHandlerOf<G extends RouteGroup>(
  group: G,
  groupRoutes: readonly RouteDef[],
  handlers: GroupHandlers<G>,
) {
  for (const route of groupRoutes) {
    if (route.group !== group) throw new Error(`${route.method} ${route.path} is not a route of group ${group}`);
  }
  return groupHandler(group, groupRoutes, handlers, [authentication(), bodyParsing(), auditTrail()]);
}

/**
 * createGroupHandler for a group none of whose routes is audited (marketplace, purchases, partner):
 * the same chain without the audit step. Its function then carries no audit writer, and its role
 * needs no write to the audit trail (lib/table-access.ts; test/infra/table-actions.test.ts derives
 * what each function's code writes). A group with an audited route is refused when it starts.
 */
export function createUnauditedGroupHandler<G extends RouteGroup>(group: G, handlers: GroupHandlers<G>) {
  const groupRoutes = routesOfGroup(group);
  for (const route of groupRoutes as readonly RouteDef[]) {
    if (route.audit) throw new Error(`Group ${group} has the audited route ${route.method} ${route.path}`);
  }
  return groupHandler(group, groupRoutes, handlers, [authentication(), bodyParsing()]);
}

/**
 * createGroupHandler for a group whose every route is public and unaudited (the storefront's
 * pages): the same chain without the authentication and audit steps, which have nothing to do
 * there but read an optional token that these handlers never look at. Without them the group's
 * bundle carries neither the token verification (jose) nor the audit trail's writer. A group with
 * a signed-in, API-key or audited route is refused when it starts.
 *
 * The group's routes are given (the storefront's: STOREFRONT_ROUTES of routes.ts), so that its
 * bundle holds them and not the whole route table; routes of another group are refused too.
 */
export function createPublicGroupHandler<G extends RouteGroup>(
  group: G,
  groupRoutes: readonly GroupRoute<G>[],
  handlers: GroupHandlers<G>,
) {
  for (const route of groupRoutes as readonly RouteDef[]) {
    if (route.group !== group) throw new Error(`${route.method} ${route.path} is not a route of group ${group}`);
    if (route.access !== 'public' || route.audit) {
      throw new Error(`Group ${group} has ${route.method} ${route.path}, which is not public or is audited`);
    }
  }
  return groupHandler(group, groupRoutes, handlers, [bodyParsing()]);
}

/** The chain of either: route, origin and secrets, then `steps`, then the endpoint. */
function groupHandler<G extends RouteGroup>(
  group: G,
  groupRoutes: readonly RouteDef[],
  handlers: GroupHandlers<G>,
  steps: GroupMiddleware[],
) {
  const routes = new Map(groupRoutes.map((rt) => [routeKey(rt), rt] as const));
  const endpoints = endpointsOf(handlers);
  for (const key of endpoints.keys()) {
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
    .use(steps)
    .handler(async (event, context) => {
      const request = { internal: context.groupState ?? {} };
      const route = routeOf(request);
      const endpoint = endpoints.get(event.routeKey);
      if (!endpoint) throw new NotImplementedError(`${event.routeKey} is not available yet`);
      const headers = headersOf(request);
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v !== undefined) query[k] = v;
      const sourceIp = event.requestContext?.http?.sourceIp ?? '';
      // The authentication step set `auth` exactly on the routes that need a signed-in account.
      const auth = request.internal.auth;
      if ((route.access === 'public' || route.access === 'apikey') !== (auth === undefined)) {
        throw new Error(`group handler: auth does not match the access of ${event.routeKey}`);
      }
      const clientIp = clientAddress(headers, sourceIp);
      const req: ApiRequest = {
        route,
        method: route.method,
        path: event.rawPath,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query,
        headers,
        body: request.internal.body,
        rawBody: request.internal.rawBody ?? Buffer.alloc(0),
        auth,
        optionalAuth: request.internal.optionalAuth,
        sourceIp,
        clientIp,
        clientKey: clientKey(clientIp),
        event,
      };
      request.internal.req = req;
      const run = request.internal.runEndpoint;
      return toResult(route, await (run ? run(req, () => endpoint(req)) : endpoint(req)));
    });

  return async function handler(event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> {
    // Every log line of the request carries API Gateway's request id as its correlation id.
    return withRequestId(event.requestContext?.requestId ?? context?.awsRequestId, () =>
      withInvocation(() => chain(event, (context ?? {}) as GroupContext)),
    );
  };
}
