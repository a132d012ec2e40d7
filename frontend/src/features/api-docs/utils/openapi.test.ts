import { assert, describe, expect, it } from 'vitest';
import { fakeOpenApiDocument } from '@/testing/handlers/openapi';
import { curlExample, responseExample } from './example';
import { authOf, deref, filterGroups, groupByTag, type OpenApiDocument, parametersOf } from './openapi';
import { childrenOf, constraintsOf, exampleOf, typeLabel } from './schema';

const doc = fakeOpenApiDocument as unknown as OpenApiDocument;

/** The first endpoint of each tag group, in the document's tag order: API keys, Partner API, Marketplace. */
function firstEndpoints() {
  const [keys, partner, market] = groupByTag(doc).map((g) => g.endpoints[0]);
  assert(keys && partner && market, 'three tag groups with an endpoint each');
  return { keys, partner, market };
}

describe('OpenAPI reading', () => {
  it('groups operations by their first tag in the document tag order, unknown tags after', () => {
    const groups = groupByTag(doc);
    expect(groups.map((g) => [g.name, g.endpoints.map((e) => `${e.method} ${e.path}`)])).toEqual([
      ['API keys', ['post /api/keys']],
      ['Partner API', ['get /v1/apps/{id}/licenses']],
      ['Marketplace', ['get /api/categories']],
    ]);
    expect(groups[0]?.endpoints[0]?.id).toBe('op-postapikeys');
  });

  it('names the auth each operation needs', () => {
    const { keys, partner, market } = firstEndpoints();
    expect(authOf(doc, keys.operation).map((a) => a.label)).toEqual(['JWT bearer']);
    expect(authOf(doc, partner.operation)).toEqual([{ kind: 'apiKey', label: 'API key', detail: 'X-API-Key header' }]);
    expect(authOf(doc, market.operation)).toEqual([{ kind: 'public', label: 'Public' }]);
  });

  it('searches by every word over method, path, summary and tag', () => {
    const groups = groupByTag(doc);
    const ids = (q: string) => filterGroups(groups, q).flatMap((g) => g.endpoints.map((e) => e.path));
    expect(ids('LICENCES')).toEqual(['/v1/apps/{id}/licenses']);
    expect(ids('post keys')).toEqual(['/api/keys']);
    expect(ids('partner api')).toEqual(['/v1/apps/{id}/licenses']);
    expect(ids('  ')).toHaveLength(3);
  });

  it('resolves references and survives dangling or circular ones', () => {
    expect(deref(doc, { $ref: '#/components/schemas/Error' })).toMatchObject({ type: 'object' });
    expect(deref(doc, { $ref: '#/components/schemas/Nope' })).toBeUndefined();
    const loop = { ...doc, components: { schemas: { A: { $ref: '#/components/schemas/A' } } } } as OpenApiDocument;
    expect(deref(loop, { $ref: '#/components/schemas/A' })).toBeUndefined();
  });
});

describe('schema helpers', () => {
  it('labels types', () => {
    expect(typeLabel(doc, { type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel(doc, { anyOf: [{ $ref: '#/components/schemas/Error' }, { type: 'null' }] })).toBe('Error | null');
    expect(typeLabel(doc, { type: 'array', items: { $ref: '#/components/schemas/ApiKeyWithSecret' } })).toBe(
      'array of ApiKeyWithSecret',
    );
    expect(typeLabel(doc, { type: 'string', format: 'email' })).toBe('string (email)');
    expect(typeLabel(doc, {})).toBe('any');
  });

  it('lists children of objects, arrays of objects and nullable objects', () => {
    const names = (s: object) => childrenOf(doc, s).map((c) => `${c.name}${c.required ? '*' : ''}`);
    expect(names({ $ref: '#/components/schemas/Error' })).toEqual(['detail*']);
    expect(names({ type: 'array', items: { $ref: '#/components/schemas/Error' } })).toEqual(['detail*']);
    expect(names({ anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/Error' }] })).toEqual(['detail*']);
    expect(names({ type: 'string' })).toEqual([]);
  });

  it('words constraints', () => {
    expect(constraintsOf(doc, { type: 'integer', minimum: 1, maximum: 100, default: 50 })).toEqual([
      'default: 50',
      '1 to 100',
    ]);
    expect(constraintsOf(doc, { type: 'string', minLength: 1, maxLength: 128, pattern: '^a' })).toEqual([
      '1 to 128 characters',
      'pattern: ^a',
    ]);
  });

  it('builds example values', () => {
    expect(exampleOf(doc, { $ref: '#/components/schemas/ApiKeyWithSecret' })).toEqual({
      id: '3f2b9c1e-7a41-4d2e-9d0b-5c1a2b3c4d5e',
      key: 'string',
      type: 'staging',
      limit: 0,
    });
    expect(exampleOf(doc, { type: ['string', 'null'] }, 'expires_at')).toBe('2025-01-15T10:00:00.000Z');
  });
});

describe('examples', () => {
  it('writes a curl command with the auth header and an example body', () => {
    const { keys, partner } = firstEndpoints();
    expect(curlExample(doc, keys, 'https://api.example.com/')).toBe(
      [
        'curl -X POST "https://api.example.com/api/keys"',
        '-H "Authorization: Bearer $ACCESS_TOKEN"',
        '-H "Content-Type: application/json"',
        `-d '{"type":"staging"}'`,
      ].join(' \\\n  '),
    );
    expect(curlExample(doc, partner, 'https://api.example.com')).toBe(
      'curl "https://api.example.com/v1/apps/{id}/licenses" \\\n  -H "X-API-Key: $DENTAL_API_KEY"',
    );
    expect(parametersOf(doc, partner.operation).map((p) => p.name)).toEqual(['id', 'limit']);
  });

  it('shows the first success response as JSON, none when undocumented', () => {
    const { keys, market } = firstEndpoints();
    expect(responseExample(doc, keys)?.status).toBe('201');
    expect(JSON.parse(responseExample(doc, keys)?.json ?? '')).toMatchObject({ type: 'staging' });
    expect(responseExample(doc, market)).toBeNull();
  });
});
