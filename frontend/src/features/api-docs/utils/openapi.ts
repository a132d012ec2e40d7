/**
 * Reading an OpenAPI 3.1 document for the /docs page: the types the page relies on, $ref
 * resolution, operations grouped by tag, the auth an operation needs, and the search filter.
 * The document comes from GET /api/openapi.json; nothing here assumes more than the spec allows,
 * so a missing field only hides what it would have shown.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  description?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  contentMediaType?: string;
  nullable?: boolean;
  deprecated?: boolean;
};

export interface Reference {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  deprecated?: boolean;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface Header {
  description?: string;
  schema?: JsonSchema;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, Header | Reference>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | Reference>;
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> } | Reference;
  responses?: Record<string, ResponseObject | Reference>;
  deprecated?: boolean;
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  servers?: Array<{ url: string; description?: string }>;
  security?: Array<Record<string, string[]>>;
  paths?: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ResponseObject>;
    parameters?: Record<string, Parameter>;
    headers?: Record<string, Header>;
    requestBodies?: Record<string, unknown>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Endpoint {
  /** Anchor id, unique in the page. */
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  operation: Operation;
}

export interface TagGroup {
  name: string;
  description?: string;
  id: string;
  endpoints: Endpoint[];
}

const isRef = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';

/** The value a local JSON pointer ('#/components/schemas/ApiKey') points at, if any. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows $ref chains (at most 10 hops); `undefined` when a reference leads nowhere. */
export function deref<T>(doc: OpenApiDocument, value: T | Reference | undefined): T | undefined {
  let node: unknown = value;
  for (let hops = 0; hops < 10 && isRef(node); hops++) node = resolvePointer(doc, node.$ref);
  return isRef(node) ? undefined : (node as T | undefined);
}

/** 'ApiKey' from '#/components/schemas/ApiKey'. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

export const anchorOf = (prefix: string, text: string) =>
  `${prefix}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}`;

/** Operations grouped by their first tag, in the order of the document's tag list, then the rest. */
export function groupByTag(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) {
    groups.set(tag.name, {
      name: tag.name,
      description: tag.description,
      id: anchorOf('tag', tag.name),
      endpoints: [],
    });
  }
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method] as Operation | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const tag = operation.tags?.[0] ?? 'Other';
      let group = groups.get(tag);
      if (!group) {
        group = { name: tag, id: anchorOf('tag', tag), endpoints: [] };
        groups.set(tag, group);
      }
      let id = anchorOf('op', operation.operationId ?? `${method} ${path}`);
      while (used.has(id)) id += '-x';
      used.add(id);
      group.endpoints.push({ id, method, path, tag, operation });
    }
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0);
}

export type AuthKind = 'public' | 'bearer' | 'apiKey' | 'other';
export interface AuthRequirement {
  kind: AuthKind;
  label: string;
  detail?: string;
}

/** What a caller must send: the operation's security, else the document's; empty means public. */
export function authOf(doc: OpenApiDocument, operation: Operation): AuthRequirement[] {
  const requirements = operation.security ?? doc.security ?? [];
  const names = [...new Set(requirements.flatMap((r) => Object.keys(r)))];
  if (names.length === 0) return [{ kind: 'public', label: 'Public' }];
  return names.map((name) => {
    const scheme = doc.components?.securitySchemes?.[name];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') {
      const format = scheme.bearerFormat ? `${scheme.bearerFormat} bearer` : 'Bearer token';
      return { kind: 'bearer', label: format, detail: 'Authorization: Bearer <token>' };
    }
    if (scheme?.type === 'apiKey') {
      const where = scheme.name ? `${scheme.name} ${scheme.in ?? 'header'}` : 'API key';
      return { kind: 'apiKey', label: 'API key', detail: `${where}` };
    }
    return { kind: 'other', label: name };
  });
}

/** Case-insensitive search over method, path, summary, description, tag and operation id. */
export function filterGroups(groups: TagGroup[], query: string): TagGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((group) => ({
      ...group,
      endpoints: group.endpoints.filter((e) => {
        const haystack = [
          e.method,
          e.path,
          e.tag,
          e.operation.summary,
          e.operation.description,
          e.operation.operationId,
        ]
          .filter(Boolean)
          .join(' ')
          .toLowerCase();
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((group) => group.endpoints.length > 0);
}

/** Parameters with references resolved; a parameter that cannot be resolved is left out. */
export const parametersOf = (doc: OpenApiDocument, operation: Operation): Parameter[] =>
  (operation.parameters ?? []).map((p) => deref<Parameter>(doc, p)).filter((p): p is Parameter => Boolean(p?.name));

/** Responses sorted by status code, references resolved. */
export function responsesOf(doc: OpenApiDocument, operation: Operation) {
  return Object.entries(operation.responses ?? {})
    .map(([status, value]) => ({ status, response: deref<ResponseObject>(doc, value) ?? {} }))
    .sort((a, b) => a.status.localeCompare(b.status));
}
