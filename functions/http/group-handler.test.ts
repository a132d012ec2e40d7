import { describe, expect, expectTypeOf, it } from 'vitest';
import { type GroupRoute, routesOfGroup, STOREFRONT_ROUTES } from '../routes';
import type { AuthUser } from './auth';
import {
  createGroupHandler,
  createPublicGroupHandler,
  createUnauditedGroupHandler,
  type GroupHandlers,
} from './group-handler';
import {
  type AdminHandler,
  type ApiRequest,
  type DeveloperHandler,
  ok,
  type RouteHandler,
  type UserHandler,
} from './types';

// The handler maps are checked against routes.ts by the compiler: each `@ts-expect-error` below
// must be a type error, or `npm run typecheck` fails ("unused directive").

const developerHandler: DeveloperHandler = async (req) => ok({ id: req.auth.userId, role: req.auth.role });
const userHandler: UserHandler = async (req) => ok({ id: req.auth.userId });
const adminHandler: AdminHandler = async (req) => ok({ id: req.auth.userId });
const publicHandler: RouteHandler = async (req) => ok({ signedIn: req.optionalAuth !== undefined });

/** Every route of the api-keys group (all developer routes). */
const apiKeysHandlers: GroupHandlers<'api-keys'> = {
  'GET /api/keys': developerHandler,
  'POST /api/keys': developerHandler,
  'PUT /api/keys/{id}/rotate': developerHandler,
  'POST /api/keys/{id}/reveal': developerHandler,
  // A handler for any signed-in account may serve a developer route.
  'DELETE /api/keys/{id}': userHandler,
};

describe('handlers typed from the route table', () => {
  it('gives signed-in routes a non-optional account, with the role of the route', () => {
    expectTypeOf<ApiRequest<'developer'>['auth']>().toEqualTypeOf<AuthUser & { role: 'developer' }>();
    expectTypeOf<ApiRequest<'admin'>['auth']>().toEqualTypeOf<AuthUser & { role: 'admin' }>();
    expectTypeOf<ApiRequest<'user'>['auth']>().toEqualTypeOf<AuthUser>();
    expectTypeOf<ApiRequest<'public'>['auth']>().toEqualTypeOf<undefined>();
    expectTypeOf<ApiRequest<'apikey'>['auth']>().toEqualTypeOf<undefined>();
    // @ts-expect-error a public route's handler has no account to read
    const readsAuth: RouteHandler = async (req) => ok(req.auth.userId);
    expect(readsAuth).toBeTypeOf('function');
  });

  it('refuses a map with a missing route, an unknown route or a handler of the wrong access', () => {
    // @ts-expect-error a route of the group without a handler
    const missing: GroupHandlers<'api-keys'> = { 'GET /api/keys': developerHandler };
    const extra: GroupHandlers<'api-keys'> = {
      ...apiKeysHandlers,
      // @ts-expect-error a key that is not a route of the group
      'GET /api/keys/{id}': developerHandler,
    };
    const publicOnDeveloperRoute: GroupHandlers<'api-keys'> = {
      ...apiKeysHandlers,
      // @ts-expect-error a handler written for public requests on a signed-in route
      'GET /api/keys': publicHandler,
    };
    const adminOnDeveloperRoute: GroupHandlers<'api-keys'> = {
      ...apiKeysHandlers,
      // @ts-expect-error an admin's handler on a developer route
      'GET /api/keys': adminHandler,
    };
    const signedInOnPublicRoute: Pick<GroupHandlers<'partner'>, 'GET /api/openapi.json'> = {
      // @ts-expect-error a handler that needs an account on a public route
      'GET /api/openapi.json': userHandler,
    };
    const signedInOnApiKeyRoute: Pick<GroupHandlers<'partner'>, 'GET /v1/me'> = {
      // @ts-expect-error the Partner API's routes carry an API key, not a signed-in account
      'GET /v1/me': developerHandler,
    };
    const publicOnApiKeyRoute: Pick<GroupHandlers<'partner'>, 'GET /v1/me'> = { 'GET /v1/me': publicHandler };
    expect([
      missing,
      extra,
      publicOnDeveloperRoute,
      adminOnDeveloperRoute,
      signedInOnPublicRoute,
      signedInOnApiKeyRoute,
      publicOnApiKeyRoute,
    ]).toHaveLength(7);
  });

  it('builds a group from a complete map, and refuses a key that is not a route of the group when it starts', () => {
    expect(createGroupHandler('api-keys', apiKeysHandlers)).toBeTypeOf('function');
    // @ts-expect-error a key that is not a route of the group
    expect(() => createGroupHandler('api-keys', { ...apiKeysHandlers, 'GET /api/nope': developerHandler })).toThrow(
      'Handler GET /api/nope is not a route of group api-keys in routes.ts',
    );
  });

  it('builds a group without the authentication step only when every route of it is public', () => {
    const storefront: GroupHandlers<'storefront'> = {
      'GET /': publicHandler,
      'GET /marketplace/categories': publicHandler,
      'GET /marketplace/category/{slug}': publicHandler,
      'GET /marketplace/app/{slug}': publicHandler,
    };
    expect(createPublicGroupHandler('storefront', STOREFRONT_ROUTES, storefront)).toBeTypeOf('function');
    const apiKeysRoutes = routesOfGroup('api-keys') as GroupRoute<'api-keys'>[];
    expect(() => createPublicGroupHandler('api-keys', apiKeysRoutes, apiKeysHandlers)).toThrow(
      'Group api-keys has GET /api/keys, which is not public or is audited',
    );
    // @ts-expect-error routes of another group
    expect(() => createPublicGroupHandler('storefront', apiKeysRoutes, storefront)).toThrow(
      'GET /api/keys is not a route of group storefront',
    );
  });
});

describe('createUnauditedGroupHandler', () => {
  it('refuses a group with an audited route, so no audited write can go unrecorded', () => {
    expect(() => createUnauditedGroupHandler('accounts', {} as never)).toThrow(
      /Group accounts has the audited route PUT \/api\/admin\/profile/,
    );
  });
});
