/**
 * The API documentation: GET /api/openapi.json serves an OpenAPI 3.1 document that a standard
 * validator accepts, covers every route of the route table with the right security scheme, and is
 * built from the same zod schemas the handlers parse with.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../functions/routes';
import { adminToken, api } from '../support/api';
import { must } from '../support/must';

/** The parts of an OpenAPI 3.1 document these tests read. */
interface Media {
  schema: { required?: string[] } & Record<string, unknown>;
}
interface Content {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId: string;
  security?: unknown;
  tags?: string[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: Content;
  responses: Record<string, Content>;
}
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation> | undefined>;
  components: { securitySchemes: unknown; responses: Record<string, Content> };
}

let doc: OpenApiDocument;
const operation = (path: string, method: string) =>
  must(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} in the document`);
const answer = (op: Operation, code: string) => must(op.responses[code], `its ${code} answer`);
const schemaOf = (part: Content | undefined, type = 'application/json') => must(part?.content?.[type], type).schema;

beforeAll(async () => {
  const res = await api<OpenApiDocument>('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('cache-control')).toContain('public');
  doc = res.body;
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    // The validator takes the document as the parsed JSON it is.
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents every route of the route table with its security and tag', () => {
    const ids = new Set<string>();
    for (const route of ROUTES) {
      const found = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(found, routeKey(route)).toBeDefined();
      const op = must(found, routeKey(route));
      ids.add(op.operationId);
      const expected =
        route.access === 'public' ? [] : route.access === 'apikey' ? [{ apiKey: [] }] : [{ bearerAuth: [] }];
      expect(op.security, routeKey(route)).toEqual(expected);
      expect(op.tags).toHaveLength(1);
      if (route.access === 'admin') expect(op.tags).toEqual(['Admin']);
      if (route.path.startsWith('/v1/')) expect(op.tags).toEqual(['Partner API']);
    }
    expect(ids.size).toBe(ROUTES.length);
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
  });

  it('uses the handlers’ zod schemas for bodies, parameters and answers', () => {
    const createKey = operation('/api/keys', 'post');
    expect(schemaOf(createKey.requestBody)).toMatchObject({
      type: 'object',
      properties: { type: { enum: ['staging', 'production'] } },
      required: ['type'],
    });
    expect(schemaOf(answer(createKey, '201'))).toEqual({
      $ref: '#/components/schemas/ApiKeyWithSecret',
    });
    const validateOp = operation('/v1/licenses/validate', 'post');
    expect(schemaOf(validateOp.requestBody).required).toEqual(['license_key', 'app_id']);
    expect(Object.keys(validateOp.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
    expect(answer(validateOp, '200').headers).toHaveProperty('X-RateLimit-Remaining');
    expect(doc.components.responses.QuotaExceeded?.headers).toHaveProperty('Retry-After');
    const licences = operation('/v1/apps/{id}/licenses', 'get');
    expect(licences.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:limit', 'query:cursor']);
    const signup = operation('/api/register', 'post');
    expect(schemaOf(signup.requestBody).required).toEqual(
      expect.arrayContaining(['full_name', 'email', 'password', 'company_name']),
    );
    // Every $ref points at a component that exists.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const path = ref.slice('"$ref":"#/'.length, -1).split('/');
      let node: unknown = doc;
      for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
      expect(node, ref).toBeDefined();
    }
  });

  it('documents the request and the answer of every operation the server implements', async () => {
    // Walks the route table, so a route added later must be documented too. A route whose handler
    // does not exist yet answers 501 and is the only kind allowed to say "not documented yet".
    const token = await adminToken();
    const undocumented: string[] = [];
    for (const route of ROUTES) {
      const op = operation(route.path, route.method.toLowerCase());
      const success = Object.entries(op.responses).find(([code]) => code.startsWith('2') || code.startsWith('3'));
      const [media] = Object.values(success?.[1].content ?? {});
      const documented =
        !String(success?.[1].description).includes('not documented') &&
        media !== undefined &&
        Object.keys(media.schema).length > 0;
      const takesBody = route.method === 'POST' || route.method === 'PUT';
      // A request body, when there is one, has a schema.
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        expect(Object.keys(media.schema).length, routeKey(route)).toBeGreaterThan(0);
      }
      if (documented) continue;
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      const res = await api(route.method, path, { token, ...(takesBody ? { body: {} } : {}) });
      if (res.status !== 501) undocumented.push(`${routeKey(route)} (answers ${res.status})`);
    }
    expect(undocumented).toEqual([]);
  });

  it('describes non-JSON answers with their media type', () => {
    const invoice = answer(operation('/api/stripe/purchases/{id}/invoice', 'get'), '200');
    expect(Object.keys(invoice.content ?? {})).toEqual(['application/pdf']);
    const pay = answer(operation('/api/stripe/test-checkout/{session_id}/pay', 'post'), '303');
    expect(pay.headers).toHaveProperty('Location');
    const upload = operation('/api/upload/screenshots', 'post');
    expect(schemaOf(upload.requestBody, 'multipart/form-data').required).toEqual(['files']);
    expect(schemaOf(answer(operation('/api/apps', 'get'), '200'))).toMatchObject({
      type: 'array',
    });
  });

  it('starts with a getting-started guide', () => {
    const guide: string = doc.info.description;
    for (const text of [
      '/dashboard/api-keys',
      'curl',
      '/v1/me',
      '/v1/licenses/validate',
      'X-RateLimit-Remaining',
      'Retry-After',
      '{"detail"',
      // Webhook secrets: generated whsec_ ones, and a developer's own signing with its UTF-8 bytes.
      'whsec_',
      'least 24 characters',
      'UTF-8 bytes of the secret',
    ]) {
      expect(guide).toContain(text);
    }
  });
});
