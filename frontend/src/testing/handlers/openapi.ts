import { type HttpHandler, HttpResponse, http } from '../server';

/** A small OpenAPI 3.1 document shaped like the real one (guide in info.description, tags, refs). */
export const fakeOpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Dental App Marketplace API',
    version: '1.0.0',
    description: [
      'The **Partner API** your software calls with an API key.',
      '',
      '## Getting started',
      '',
      '### 1. Create an API key',
      'Open `/dashboard/api-keys` and create a key:',
      '- **staging** keys are active at once',
      '- **production** keys need approval',
      '',
      '### 2. Call the Partner API',
      '```bash',
      'curl -s https://YOUR-HOST/v1/me -H "X-API-Key: dk_test_XXXX"',
      '```',
      '',
      '| Header | Meaning |',
      '|---|---|',
      '| `X-RateLimit-Limit` | requests allowed per UTC day |',
    ].join('\n'),
  },
  tags: [
    { name: 'API keys', description: 'Create, rotate and delete keys' },
    { name: 'Partner API', description: 'Called by your own software with an API key (X-API-Key)' },
  ],
  paths: {
    '/api/keys': {
      post: {
        operationId: 'postApiKeys',
        summary: 'Create an API key',
        description: 'Staging keys are active at once.\n\nA signed-in developer (bearer token).',
        tags: ['API keys'],
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { type: { type: 'string', enum: ['staging', 'production'] } },
                required: ['type'],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Success',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiKeyWithSecret' } } },
          },
          '401': { $ref: '#/components/responses/Error401' },
        },
      },
    },
    '/v1/apps/{id}/licenses': {
      get: {
        operationId: 'getV1AppsIdLicenses',
        summary: 'Licences sold for one of your apps',
        tags: ['Partner API'],
        security: [{ apiKey: [] }],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 128 } },
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'Page size',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          },
        ],
        responses: {
          '200': {
            description: 'Success',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          purchase_id: { type: 'string' },
                          license_key: { type: ['string', 'null'], description: 'The full licence key' },
                        },
                        required: ['purchase_id'],
                      },
                    },
                    next_cursor: { type: ['string', 'null'], description: 'null on the last page' },
                  },
                  required: ['items', 'next_cursor'],
                },
              },
            },
          },
        },
      },
    },
    '/api/categories': {
      get: {
        operationId: 'getApiCategories',
        summary: 'List categories',
        tags: ['Marketplace'],
        security: [],
        responses: { '200': { description: 'Success', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
    schemas: {
      ApiKeyWithSecret: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          key: { type: 'string', description: 'The FULL key. Shown once.' },
          type: { type: 'string', enum: ['staging', 'production'] },
          limit: { type: 'integer', description: 'Requests per UTC day' },
        },
        required: ['id', 'key', 'type', 'limit'],
      },
      Error: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    },
    responses: {
      Error401: {
        description: 'Missing or invalid credentials',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

export function openApiHandlers(doc: object = fakeOpenApiDocument): HttpHandler[] {
  return [http.get('/api/openapi.json', () => HttpResponse.json(doc))];
}
