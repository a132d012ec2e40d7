/**
 * The items the two outside systems answer with, as zod schemas. The adapters
 * (functions/adapters/outside-systems.ts) validate every item with them at the boundary; the local
 * simulators (bin/simulators/) serve data of these shapes. The OpenAPI 3.1 contracts
 * shared/contracts/internal-system.openapi.json and legacy-system.openapi.json are generated from
 * these schemas (`npm run contracts`; shared/contracts/contracts.test.ts fails when they drift).
 */
import * as z from 'zod';

const name = z.string().trim().min(1).max(200);

/** Every list is paged: `items` of one page, `page` (1-based), `page_size`, `total`, `has_more`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total: z.number().int().min(0),
    has_more: z.boolean(),
  });

// Internal system (the practice-management system's catalogue)

export const InternalFeatureSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
  name,
  description: z.string().max(2000),
  category: name,
  module: name,
  tables: z.array(name),
  event_types: z.array(name),
});
export type InternalFeature = z.infer<typeof InternalFeatureSchema>;

export const InternalEventTypeSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/),
  trigger_type: name,
  table: z.string().min(1).max(200).nullable(),
});
export type InternalEventType = z.infer<typeof InternalEventTypeSchema>;

export const InternalTableSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,100}$/),
  column_count: z.number().int().min(0),
  columns: z.array(z.string().min(1).max(200)),
  primary_key: z.string().max(200).nullable(),
  summary: z.string().max(1000),
});
export type InternalTable = z.infer<typeof InternalTableSchema>;

export const InternalRelationshipSchema = z.object({
  from_table: z.string().regex(/^[a-z0-9_]{1,100}$/),
  column: z.string().min(1).max(200),
  to_table: z.string().regex(/^[a-z0-9_]{1,100}$/),
});
export type InternalRelationship = z.infer<typeof InternalRelationshipSchema>;

/** Resource paths of the internal system, each a paged list. */
export const INTERNAL_RESOURCES = {
  features: '/v1/features',
  event_types: '/v1/event-types',
  tables: '/v1/tables',
  relationships: '/v1/relationships',
} as const;

/** The item of each of the internal system's lists (the adapter validates with them, the contract names them). */
export const INTERNAL_ITEMS = {
  features: InternalFeatureSchema,
  event_types: InternalEventTypeSchema,
  tables: InternalTableSchema,
  relationships: InternalRelationshipSchema,
} as const;

// Legacy system (the older developer portal)

export const LegacyAccountSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  email: z.string().trim().email().max(254),
  full_name: z.string().max(200),
  company_name: z.string().max(200),
  created_at: z.string().datetime({ offset: true }),
});
export type LegacyAccount = z.infer<typeof LegacyAccountSchema>;

/** Cursors are decimal strings of a monotonically increasing sequence. */
export const CursorSchema = z.string().regex(/^\d{1,20}$/);

export const LegacyEventSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  cursor: CursorSchema,
  type: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/),
  practice_email: z.string().trim().email().max(254),
  occurred_at: z.string().datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type LegacyEvent = z.infer<typeof LegacyEventSchema>;

/** GET /v1/events?after=<cursor>&limit=: events after the cursor in cursor order. */
export const LegacyEventPageSchema = z.object({
  items: z.array(LegacyEventSchema),
  next_cursor: CursorSchema.nullable(),
  has_more: z.boolean(),
});

/**
 * GET /health of an outside system; the legacy system may add `latest_cursor` (its newest event's
 * cursor, null before the first), which the product compares with its stored cursor.
 */
export const OutsideHealthSchema = z.object({ status: z.literal('ok') }).catchall(z.unknown());
export const LegacyHealthSchema = OutsideHealthSchema.extend({ latest_cursor: CursorSchema.nullable().optional() });

/** Fault modes of the simulators' control endpoint (POST /__control), used by the tests only. */
export const SIMULATOR_MODES = ['ok', 'down', 'slow', 'error500', 'malformed', 'invalid_items'] as const;
export type SimulatorMode = (typeof SIMULATOR_MODES)[number];
