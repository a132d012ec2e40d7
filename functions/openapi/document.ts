/**
 * The OpenAPI 3.1 document of the product, generated from the route table (functions/routes.ts)
 * and the zod schemas the handlers parse with (shared/schemas, listed in route-docs.ts). Every
 * route appears: access decides its security scheme, the group (or 'Admin' for admin routes) its
 * tag. Served at GET /api/openapi.json and rendered by the SPA at /docs.
 */
import { type Access, ROUTES, type RouteDef, type RouteGroup, routeKey } from '../routes';
import { GETTING_STARTED } from './getting-started';
import { type JsonSchema, SchemaCollector } from './json-schema';
import { ROUTE_DOCS } from './route-docs';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** Checkout's tag, also the purchases group's: which function serves a route is no part of the API. */
const CHECKOUT_TAG = { name: 'Checkout', description: 'Licence purchases and the payment provider' };

const TAGS: Record<RouteGroup | 'Admin', { name: string; description: string }> = {
  accounts: { name: 'Accounts', description: 'Sign-up, sign-in, password reset and profiles' },
  marketplace: { name: 'Marketplace', description: 'Public marketplace reads: apps and categories' },
  'developer-apps': { name: 'Developer apps', description: "A developer's own apps" },
  'api-keys': { name: 'API keys', description: 'Create, rotate and delete the keys of the Partner API' },
  webhooks: { name: 'Webhooks', description: 'Webhook endpoints, deliveries and test events' },
  checkout: CHECKOUT_TAG,
  purchases: CHECKOUT_TAG,
  partner: { name: 'Partner API', description: 'Called by your own software with an API key (X-API-Key)' },
  sync: { name: 'Sync', description: 'Synchronisation with the legacy and internal systems (admin)' },
  admin: { name: 'Admin', description: 'Administration: users, apps, categories, logs, syncs' },
  storefront: {
    name: 'Storefront',
    description: 'The marketplace pages as server-rendered HTML (for browsers and crawlers)',
  },
  Admin: { name: 'Admin', description: 'Administration: users, apps, categories, logs, syncs' },
};

const tagOf = (route: RouteDef): string => (route.access === 'admin' ? 'Admin' : TAGS[route.group].name);

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ bearerAuth: [] }],
  buyer: [{ bearerAuth: [] }],
  owner_or_admin: [{ bearerAuth: [] }],
  developer: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: [] }],
  apikey: [{ apiKey: [] }],
};

const WHO: Record<Access, string> = {
  public: 'Public: no credentials needed.',
  user: 'Any signed-in account: developer, practice or admin (bearer token).',
  buyer: 'A signed-in developer or practice: the accounts that buy (bearer token).',
  owner_or_admin: "A signed-in developer (the object's owner) or an admin; not a practice (bearer token).",
  developer: 'A signed-in developer (bearer token).',
  admin: 'A signed-in admin (bearer token).',
  apikey: 'An API key in the X-API-Key header; counted against its daily quota.',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid credentials',
  403: 'Signed in with the wrong role',
  404: 'Not found (or not yours)',
  409: 'Conflict with the current state',
  429: 'Too many requests',
  503: 'Not configured on this deployment',
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const RATE_HEADERS = {
  'X-RateLimit-Limit': ref('headers', 'X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('headers', 'X-RateLimit-Remaining'),
  'X-RateLimit-Reset': ref('headers', 'X-RateLimit-Reset'),
};

/** "PUT /api/keys/{id}/rotate" -> "putApiKeysIdRotate". */
export function operationId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const words = route.path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function parametersOf(route: RouteDef, collector: SchemaCollector): Array<Record<string, unknown>> {
  const doc = ROUTE_DOCS[routeKey(route)];
  const params: Array<Record<string, unknown>> = [];
  const pathSchema = doc?.params ? collector.convert(doc.params, 'input') : undefined;
  const pathProps = (pathSchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [, name = ''] of route.path.matchAll(/\{([^}]+)\}/g)) {
    params.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  }
  if (doc?.query) {
    const query = collector.convert(doc.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      params.push({
        name,
        in: 'query',
        required: required.has(name) && rest.default === undefined,
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return params;
}

function errorStatuses(route: RouteDef): number[] {
  const doc = ROUTE_DOCS[routeKey(route)];
  const statuses = new Set<number>(doc?.errors ?? []);
  if (doc?.body || doc?.query || doc?.params || route.method === 'POST' || route.method === 'PUT') statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  if (route.access !== 'public' && route.access !== 'user' && route.access !== 'apikey') statuses.add(403);
  if (route.path.includes('{')) statuses.add(404);
  if (route.access === 'apikey') statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function operationOf(route: RouteDef, collector: SchemaCollector): Record<string, unknown> {
  const doc = ROUTE_DOCS[routeKey(route)];
  const status = String(doc?.status ?? 200);
  const success: Record<string, unknown> = {
    description: doc?.response ? 'Success' : 'Success (response schema not documented yet)',
    content: {
      [doc?.contentType ?? 'application/json']: {
        schema: doc?.response ? collector.convert(doc.response, 'output') : {},
      },
    },
  };
  if (route.access === 'apikey') success.headers = RATE_HEADERS;
  if (doc?.headers) {
    success.headers = Object.fromEntries(
      Object.entries(doc.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  }

  const responses: Record<string, unknown> = { [status]: success };
  for (const code of errorStatuses(route)) {
    if (code === 429 && route.access === 'apikey') responses['429'] = ref('responses', 'QuotaExceeded');
    else if (code === 401 && route.access === 'apikey') responses['401'] = ref('responses', 'InvalidApiKey');
    else if (route.access === 'apikey' && code !== 401)
      responses[String(code)] = ref('responses', `PartnerError${code}`);
    else responses[String(code)] = ref('responses', `Error${code}`);
  }

  const op: Record<string, unknown> = {
    operationId: operationId(route),
    summary: doc?.summary ?? routeKey(route),
    description: [doc?.description, WHO[route.access]].filter(Boolean).join('\n\n'),
    tags: [tagOf(route)],
    security: SECURITY[route.access],
    responses,
  };
  const parameters = parametersOf(route, collector);
  if (parameters.length) op.parameters = parameters;
  if (doc?.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: collector.convert(doc.body, 'input') } },
    };
  } else if (doc?.rawRequest) {
    op.requestBody = { required: true, content: { [doc.rawRequest.contentType]: { schema: doc.rawRequest.schema } } };
  } else if (route.rawBody) {
    op.requestBody = {
      required: true,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    };
  }
  return op;
}

function componentResponses(statuses: number[]): Record<string, unknown> {
  const errorBody = { 'application/json': { schema: ref('schemas', 'Error') } };
  const out: Record<string, unknown> = {};
  for (const code of statuses) {
    out[`Error${code}`] = { description: ERROR_TEXT[code] ?? 'Error', content: errorBody };
    out[`PartnerError${code}`] = {
      description: ERROR_TEXT[code] ?? 'Error',
      headers: RATE_HEADERS,
      content: errorBody,
    };
  }
  out.InvalidApiKey = {
    description: "Missing, unknown, rotated or deleted key ('Invalid API key'), or a production key pending approval",
    content: errorBody,
  };
  out.QuotaExceeded = {
    description: "The key's daily quota is used up ('Daily request limit of N reached for this key')",
    headers: { ...RATE_HEADERS, 'Retry-After': ref('headers', 'Retry-After') },
    content: errorBody,
  };
  return out;
}

/** Builds the whole document; pure (no I/O), so the result can be cached for the container's life. */
export function buildOpenApiDocument(): OpenApiDocument {
  const collector = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Set<string>();
  for (const route of ROUTES) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route, collector) };
    usedTags.add(tagOf(route));
  }
  const tags = [...new Map(Object.values(TAGS).map((t) => [t.name, t] as const)).values()].filter((t) =>
    usedTags.has(t.name),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dental App Marketplace API',
      version: '1.0.0',
      description: GETTING_STARTED,
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/', description: 'This deployment' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access_token from POST /api/login or POST /api/admin-login',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'A staging (dk_xxxx_test_...) or production (dk_xxxx_live_...) key from the developer dashboard',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { detail: { type: 'string', description: 'Human-readable reason' } },
          required: ['detail'],
        },
        ...collector.components,
      },
      responses: componentResponses([400, 401, 403, 404, 409, 429, 503]),
      headers: {
        'X-RateLimit-Limit': {
          description: 'Requests allowed per UTC day for this key',
          schema: { type: 'integer' },
        },
        'X-RateLimit-Remaining': { description: 'Requests left today', schema: { type: 'integer' } },
        'X-RateLimit-Reset': {
          description: 'When the quota resets: Unix epoch seconds of the next 00:00 UTC',
          schema: { type: 'integer' },
        },
        'Retry-After': { description: 'Seconds until the quota resets', schema: { type: 'integer' } },
      },
    },
  };
}
