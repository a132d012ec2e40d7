import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** One call to a route group's function, made in-process as API Gateway would make it. */
export interface InProcessCall {
  /** The route key, e.g. `DELETE /api/keys/{id}`: its method is the request's. */
  routeKey: string;
  path: string;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  sourceIp?: string;
  requestId?: string;
}

/** The HTTP API (payload 2.0) event API Gateway hands a function, for tests that call a handler in-process. */
export function apiGatewayEvent(call: InProcessCall): APIGatewayProxyEventV2 {
  const [method = 'GET'] = call.routeKey.split(' ');
  return {
    version: '2.0',
    routeKey: call.routeKey,
    rawPath: call.path,
    rawQueryString: '',
    headers: call.headers ?? {},
    ...(call.pathParameters ? { pathParameters: call.pathParameters } : {}),
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    isBase64Encoded: false,
    requestContext: {
      requestId: call.requestId ?? randomUUID(),
      http: { method, path: call.path, sourceIp: call.sourceIp ?? '127.0.0.1' },
    },
  } as unknown as APIGatewayProxyEventV2;
}
