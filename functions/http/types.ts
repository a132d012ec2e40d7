import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '../routes';
import type { AuthUser } from './auth';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface ApiRequest {
  route: RouteDef;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON body (undefined when empty); raw routes read rawBody instead. */
  body: unknown;
  rawBody: Buffer;
  /** The signed-in account, present on every route whose access is not public/apikey. */
  auth?: AuthUser;
  /** Present on public routes when a valid token was sent anyway (e.g. ownership hints). */
  optionalAuth?: AuthUser;
  sourceIp: string;
  /** The client's address: the viewer's behind CloudFront, else sourceIp (see client-address.ts). */
  clientIp: string;
  event: ApiEvent;
}

export interface ApiResponse {
  status: number;
  /** JSON-serialised unless `raw` is set. */
  body?: unknown;
  raw?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

export type RouteHandler = (req: ApiRequest) => Promise<ApiResponse>;

export const ok = (body: unknown, headers?: Record<string, string>): ApiResponse => ({ status: 200, body, headers });
export const created = (body: unknown): ApiResponse => ({ status: 201, body });
