/**
 * The OpenAPI 3.1 contracts of the two outside systems the sync talks to, built from
 * the zod schemas the adapters validate with (shared/schemas/outside-systems.ts), so the contract
 * and the boundary cannot drift: shared/contracts/contracts.test.ts fails when the committed JSON
 * differs from what this builds. Regenerate with `npm run contracts`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import {
  CursorSchema,
  INTERNAL_ITEMS,
  INTERNAL_RESOURCES,
  LegacyAccountSchema,
  LegacyEventPageSchema,
  LegacyHealthSchema,
  OutsideHealthSchema,
  pageOf,
} from '../schemas/outside-systems';

type Json = Record<string, unknown>;

/** Most items one page or one events call answers (the simulators' limit). */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

const schema = (s: z.ZodType): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { target: 'draft-2020-12', io: 'output' }) as Json;
  return rest;
};

const ErrorSchema = z.object({ detail: z.string() });

const json = (description: string, ref: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

const errors: Json = {
  '401': json('Missing or wrong X-API-Key', 'Error'),
  '500': json('The system failed', 'Error'),
};

const pageParameters: Json[] = [
  {
    name: 'page',
    in: 'query',
    description: 'Page number, 1-based',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  {
    name: 'page_size',
    in: 'query',
    description: 'Items per page',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
];

const health: Json = {
  get: {
    operationId: 'health',
    summary: 'Liveness (no API key needed)',
    security: [],
    responses: { '200': json('The system answers', 'Health') },
  },
};

function document(
  title: string,
  description: string,
  port: number,
  paths: Json,
  schemas: Json,
  healthSchema: z.ZodType = OutsideHealthSchema,
): Json {
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0', description },
    servers: [{ url: `http://127.0.0.1:${port}`, description: 'Local simulator of npm start (port configurable)' }],
    security: [{ apiKey: [] }],
    paths: { '/health': health, ...paths },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: schema(ErrorSchema), Health: schema(healthSchema), ...schemas },
    },
  };
}

const listOperation = (operationId: string, summary: string, page: string): Json => ({
  get: {
    operationId,
    summary,
    parameters: pageParameters,
    responses: { '200': json('One page of the list', page), ...errors },
  },
});

/** The internal practice-management system: its integration catalogue, every list paged. */
export function internalSystemContract(): Json {
  return document(
    'Internal practice system: integration catalogue',
    'What the practice-management system offers for integration: features, event types, tables (with columns) and ' +
      'foreign-key relationships. Every list is paged (`items`, `page`, `page_size`, `total`, `has_more`). ' +
      'Generated from shared/schemas/outside-systems.ts by shared/contracts/generate.ts.',
    8010,
    {
      [INTERNAL_RESOURCES.features]: listOperation('listFeatures', 'Features (functional modules)', 'FeaturePage'),
      [INTERNAL_RESOURCES.event_types]: listOperation(
        'listEventTypes',
        'Event types the system can announce',
        'EventTypePage',
      ),
      [INTERNAL_RESOURCES.tables]: listOperation('listTables', 'Tables of the data model', 'TablePage'),
      [INTERNAL_RESOURCES.relationships]: listOperation(
        'listRelationships',
        'Foreign keys between tables',
        'RelationshipPage',
      ),
    },
    {
      FeaturePage: schema(pageOf(INTERNAL_ITEMS.features)),
      EventTypePage: schema(pageOf(INTERNAL_ITEMS.event_types)),
      TablePage: schema(pageOf(INTERNAL_ITEMS.tables)),
      RelationshipPage: schema(pageOf(INTERNAL_ITEMS.relationships)),
    },
  );
}

/** The legacy developer portal: legacy accounts (paged) and practice events after a cursor. */
export function legacySystemContract(): Json {
  return document(
    'Legacy developer portal',
    'The older developer portal this ecosystem replaces: its developer accounts (paged like the internal system) ' +
      'and the practice events it emits, each for one practice (by e-mail), read after a monotonically ' +
      'increasing cursor. Generated from shared/schemas/outside-systems.ts by shared/contracts/generate.ts.',
    8011,
    {
      '/v1/accounts': listOperation('listAccounts', 'Legacy developer accounts', 'AccountPage'),
      '/v1/events': {
        get: {
          operationId: 'listEvents',
          summary: 'Practice events after a cursor, in cursor order',
          description:
            'Pass the last `next_cursor` back as `after`. `has_more` says whether more events wait beyond `limit`.',
          parameters: [
            {
              name: 'after',
              in: 'query',
              description: 'Answer events whose cursor is greater than this (omit for all)',
              schema: schema(CursorSchema),
            },
            {
              name: 'limit',
              in: 'query',
              description: 'Most events to answer',
              schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
            },
          ],
          responses: { '200': json('Events after the cursor', 'EventPage'), ...errors },
        },
      },
    },
    {
      AccountPage: schema(pageOf(LegacyAccountSchema)),
      EventPage: schema(LegacyEventPageSchema),
    },
    LegacyHealthSchema,
  );
}

export const CONTRACT_FILES = {
  'internal-system.openapi.json': internalSystemContract,
  'legacy-system.openapi.json': legacySystemContract,
} as const;

export const contractText = (build: () => Json): string => `${JSON.stringify(build(), null, 2)}\n`;

// `npm run contracts` (tsx shared/contracts/generate.ts) writes the files beside this module.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = dirname(fileURLToPath(import.meta.url));
  for (const [file, build] of Object.entries(CONTRACT_FILES)) {
    writeFileSync(join(dir, file), contractText(build));
    console.log(`wrote shared/contracts/${file}`);
  }
}
