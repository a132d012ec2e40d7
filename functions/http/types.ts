import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Access, RouteDef } from '../routes';
import type { AuthUser } from './auth';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/**
 * The account each access of routes.ts guarantees a handler (the authentication step has checked
 * the token and the role before any handler runs): none on public and API-key routes, the
 * signed-in account on the others, with its role narrowed on buyer, owner, developer and admin routes.
 */
export interface AuthByAccess {
  public: undefined;
  apikey: undefined;
  user: AuthUser;
  buyer: AuthUser & { role: 'developer' | 'practice' };
  owner_or_admin: AuthUser & { role: 'developer' | 'admin' };
  developer: AuthUser & { role: 'developer' };
  admin: AuthUser & { role: 'admin' };
}

interface RequestBase {
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
  /** The signed-in account, or a valid token sent anyway to a public route (ownership hints); see `auth`. */
  optionalAuth?: AuthUser;
  sourceIp: string;
  /** The client's address: the viewer's behind CloudFront, else sourceIp (see client-address.ts). */
  clientIp: string;
  /** What per-client limits count under: clientIp, an IPv6 address by its /64 (client-address.ts clientKey). */
  clientKey: string;
  event: ApiEvent;
}

/**
 * The request a handler of a route with this access receives: on a signed-in route (user,
 * developer, admin) `auth` is the verified account and never absent; on a public or API-key route
 * it is undefined (a public route reads `optionalAuth`, an API-key route its X-API-Key header).
 * Without an argument: any route's request (the audit trail, the router).
 */
export type ApiRequest<A extends Access = Access> = RequestBase & { auth: AuthByAccess[A] };

export interface ApiResponse {
  status: number;
  /** JSON-serialised unless `raw` is set. */
  body?: unknown;
  raw?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
}

/** A handler whose request carries this account (see AuthByAccess). */
export type Handler<Auth extends AuthByAccess[Access]> = (req: RequestBase & { auth: Auth }) => Promise<ApiResponse>;

/**
 * The handler of a route, by its access in routes.ts. The group's handler map (group-handler.ts)
 * checks each handler against its route: a handler that reads `req.auth` cannot serve a public
 * route, and a handler typed for public requests cannot serve a signed-in one.
 */
/** A public or API-key route's handler: no `auth`. */
export type RouteHandler = Handler<undefined>;
/** A route for any signed-in account (developer, practice or admin). */
export type UserHandler = Handler<AuthByAccess['user']>;
/** A buyer's route: `req.auth.role` is 'developer' or 'practice'. */
export type BuyerHandler = Handler<AuthByAccess['buyer']>;
/** A developer's (owner's) or an admin's route: never a practice. */
export type OwnerOrAdminHandler = Handler<AuthByAccess['owner_or_admin']>;
/** A developer route: `req.auth.role` is 'developer'. */
export type DeveloperHandler = Handler<AuthByAccess['developer']>;
/** An admin route: `req.auth.role` is 'admin'. */
export type AdminHandler = Handler<AuthByAccess['admin']>;

export const ok = (body: unknown, headers?: Record<string, string>): ApiResponse => ({ status: 200, body, headers });
export const created = (body: unknown): ApiResponse => ({ status: 201, body });
