/**
 * The API documentation: GET /api/openapi.json serves an OpenAPI 3.1 document that a standard
 * validator accepts, covers every route of the route table with the right security scheme, and is
 * built from the same zod schemas the handlers parse with.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../functions/routes';
import { adminToken, api } from '../support/api';

let doc: any;
beforeAll(async () => {
  const res = await api('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('cache-control')).toContain('public');
  doc = res.body;
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents every route of the route table with its security and tag', () => {
    const ids = new Set<string>();
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, routeKey(route)).toBeDefined();
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
    const createKey = doc.paths['/api/keys'].post;
    expect(createKey.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { type: { enum: ['staging', 'production'] } },
      required: ['type'],
    });
    expect(createKey.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiKeyWithSecret',
    });
    const validateOp = doc.paths['/v1/licenses/validate'].post;
    expect(validateOp.requestBody.content['application/json'].schema.required).toEqual(['license_key', 'app_id']);
    expect(Object.keys(validateOp.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
    expect(validateOp.responses['200'].headers).toHaveProperty('X-RateLimit-Remaining');
    expect(doc.components.responses.QuotaExceeded.headers).toHaveProperty('Retry-After');
    const licences = doc.paths['/v1/apps/{id}/licenses'].get;
    expect(licences.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:limit',
      'query:cursor',
    ]);
    const signup = doc.paths['/api/register'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['full_name', 'email', 'password', 'company_name']),
    );
    // Every $ref points at a component that exists.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const path = ref.slice('"$ref":"#/'.length, -1).split('/');
      let node: any = doc;
      for (const part of path) node = node?.[part];
      expect(node, ref).toBeDefined();
    }
  });

  it('documents the request and the answer of every operation the server implements', async () => {
    // Walks the route table, so a route added later must be documented too. A route whose handler
    // does not exist yet answers 501 and is the only kind allowed to say "not documented yet".
    const token = await adminToken();
    const undocumented: string[] = [];
    for (const route of ROUTES) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const success = Object.entries(op.responses).find(([code]) => code.startsWith('2') || code.startsWith('3'));
      const [media] = Object.values((success?.[1] as any)?.content ?? {}) as Array<{ schema: object }>;
      const documented =
        !String((success?.[1] as any)?.description).includes('not documented') &&
        media !== undefined &&
        Object.keys(media.schema).length > 0;
      const takesBody = route.method === 'POST' || route.method === 'PUT';
      // A request body, when there is one, has a schema.
      for (const media of Object.values(op.requestBody?.content ?? {}) as Array<{ schema: object }>) {
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
    const invoice = doc.paths['/api/stripe/purchases/{id}/invoice'].get.responses['200'];
    expect(Object.keys(invoice.content)).toEqual(['application/pdf']);
    const pay = doc.paths['/api/stripe/test-checkout/{session_id}/pay'].post.responses['303'];
    expect(pay.headers).toHaveProperty('Location');
    const upload = doc.paths['/api/upload/screenshots'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['files']);
    expect(doc.paths['/api/apps'].get.responses['200'].content['application/json'].schema).toMatchObject({
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
