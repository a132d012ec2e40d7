/**
 * The sync contract (docs/spec.md sections 2, 3, 4, 7, 8, 9):
 * legacy sync (/api/admin/sync/*) and internal sync (/api/internal-sync/*). Every route is
 * admin-only. Runs are asynchronous: trigger/load answer 202 with the run, which executes from the
 * sync queue; the screens poll status and history.
 *
 * The frontend imports the *types* only (`import type`), so zod never enters the visitor bundle.
 */
import * as z from 'zod';
import { LIMITS } from '../constants';
import { SYNC_TYPES } from '../sync-types';
import { cursorPage, cursorPageQuery } from './paging';
import { limitMessage, limitParam, wholeNumberParam } from './query-numbers';

export { SYNC_TYPES };
export const SyncTypeSchema = z.enum(SYNC_TYPES, {
  error: `sync_type must be one of: ${SYNC_TYPES.join(', ')}`,
});
export type SyncType = z.infer<typeof SyncTypeSchema>;

/** The internal_* types full_sync runs in one go (catalogue only; the legacy types run on their own). */
export const INTERNAL_SYNC_TYPES = [
  'internal_features',
  'internal_events',
  'internal_tables',
  'internal_relationships',
] as const satisfies readonly SyncType[];

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const RunStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** Polling interval bounds in seconds (the default is the spec's 60). */
export const POLLING_DEFAULT_INTERVAL = LIMITS.defaultPollingInterval;
export const POLLING_MIN_INTERVAL = LIMITS.minPollingInterval;
export const POLLING_MAX_INTERVAL = LIMITS.maxPollingInterval;
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 500;

// Texts of the sync routes (the screens show the server's message/detail).
export const SYNC_MSG = {
  syncInitiated: 'Sync initiated successfully',
  internalSyncStarted: 'Internal sync started',
  /** Names the sync in words: "An internal tables sync is already running", "A full sync …". */
  alreadyRunning: (type: SyncType) => {
    const words = type.replace(/_sync$/, '').replace(/_/g, ' ');
    return `${/^[aeiou]/.test(words) ? 'An' : 'A'} ${words} sync is already running`;
  },
  pollingStarted: 'Polling started',
  pollingStopped: 'Polling stopped',
  pollingAlreadyActive: 'Polling is already active',
  pollingNotActive: 'Polling is not active',
  pollingIntervalInvalid: `interval must be a whole number of seconds from ${POLLING_MIN_INTERVAL} to ${POLLING_MAX_INTERVAL}`,
  requeued: (n: number) => `Re-queued ${n} failed items`,
  linked: (n: number, m: number) => `Successfully linked ${n} events and ${m} tables`,
  featureNotFound: 'Feature not found',
  featureIdMismatch: 'feature_id must match the feature in the path',
  unknownEventTypes: (ids: string[]) => `Unknown event types: ${ids.join(', ')}`,
  unknownTables: (ids: string[]) => `Unknown tables: ${ids.join(', ')}`,
  limitInvalid: limitMessage(HISTORY_MAX_LIMIT),
  cursorInvalid: 'cursor is not a cursor of this list',
  /** The legacy system's newest cursor is below ours (a restore, a simulator that lost its log). */
  cursorBehind: (latest: string | null, stored: string) =>
    `The legacy system's latest cursor (${latest ?? 'none'}) is behind the stored cursor (${stored}): no event arrives until it passes ${stored}. An admin can reset the cursor from the Dashboard.`,
  cursorNotBehind: "The stored cursor is not behind the legacy system's: nothing to reset",
  cursorUnknown: 'The legacy system does not report its latest cursor',
  cursorReset: (from: string | null, to: string | null) =>
    `Cursor reset from ${from ?? 'none'} to ${to ?? 'none'}: the next poll reads the events after it`,
} as const;

export const SyncRunSchema = z.object({
  id: z.string(),
  sync_type: SyncTypeSchema,
  status: RunStatusSchema,
  /** The admin's e-mail, or 'scheduler' for polls. */
  started_by: z.string(),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  /**
   * Catalogue: created, updated, unchanged, removed. legacy_users: created, merged, skipped.
   * legacy_events: fetched, delivered (handed to >= 1 webhook), dropped (no licensed app).
   */
  counts: z.record(z.string(), z.number()),
  detail: z.string().nullable(),
  /** How many times the queue delivered this run's job (a poll retried by the queue is one run). */
  attempts: z.number().optional(),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;

/**
 * An entry of the internal system's catalogue: its id and name, the fields of its kind, and
 * whether the last sync no longer found it (removed entries are kept, marked).
 */
const catalogueEntry = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ id: z.string(), name: z.string(), ...fields, removed: z.boolean() });

export const EventTypeSchema = catalogueEntry({
  trigger_type: z.string(),
  table: z.string().nullable(),
  description: z.string(),
});
export type EventType = z.infer<typeof EventTypeSchema>;

export const TableSchema = catalogueEntry({
  column_count: z.number(),
  summary: z.string(),
  /** Tables this table references through foreign keys. */
  references: z.array(z.string()),
});
export type Table = z.infer<typeof TableSchema>;

export const FeatureSchema = catalogueEntry({
  description: z.string(),
  category: z.string(),
  module: z.string(),
  event_count: z.number(),
  table_count: z.number(),
  event_types: z.array(EventTypeSchema),
  tables: z.array(TableSchema),
});
export type Feature = z.infer<typeof FeatureSchema>;

export const RelationshipSchema = z.object({ from_table: z.string(), column: z.string(), to_table: z.string() });
export type Relationship = z.infer<typeof RelationshipSchema>;

export const HEALTH_COMPONENTS = ['table', 'legacy_system', 'internal_system', 'webhook_queue', 'mail'] as const;
export const HEALTH_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export const HealthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;
export const HealthComponentSchema = z.object({
  name: z.enum(HEALTH_COMPONENTS),
  status: HealthStatusSchema,
  /** How it was measured, e.g. "DescribeTable answered in 12 ms". */
  detail: z.string(),
  latency_ms: z.number().nullable(),
  /** legacy_system only: the stored cursor is behind the system's newest (an admin may reset it). */
  cursor_behind: z.boolean().optional(),
});
export type HealthComponent = z.infer<typeof HealthComponentSchema>;

const LastSyncSchema = z
  .object({ completed_at: z.string().nullable(), status: RunStatusSchema, detail: z.string().nullable() })
  .nullable();

const CountsSchema = z.object({
  features: z.number(),
  event_types: z.number(),
  tables: z.number(),
  relationships: z.number(),
});

// ---- Requests ----

export const TriggerSyncBody = z.object({ sync_type: SyncTypeSchema });
export const PollingStartQuery = z.object({
  interval: wholeNumberParam(SYNC_MSG.pollingIntervalInvalid, POLLING_MIN_INTERVAL, POLLING_MAX_INTERVAL).default(
    POLLING_DEFAULT_INTERVAL,
  ),
});
export const LimitQuery = z.object({
  limit: limitParam(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
});
/** GET /api/admin/sync/history: a page of runs, newest first, optionally of one type and/or status. */
export const HistoryQuery = cursorPageQuery(HISTORY_MAX_LIMIT, HISTORY_DEFAULT_LIMIT).extend({
  sync_type: SyncTypeSchema.optional(),
  status: z.enum(RUN_STATUSES, { error: `status must be one of: ${RUN_STATUSES.join(', ')}` }).optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;
/** Paged lists of the internal logs and poll summaries. */
export const PagedLimitQuery = cursorPageQuery(HISTORY_MAX_LIMIT, HISTORY_DEFAULT_LIMIT);
export const FeatureIdParams = z.object({
  id: z.string({ error: SYNC_MSG.featureNotFound }).trim().min(1, SYNC_MSG.featureNotFound).max(128),
});
export const FeaturesQuery = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
});
export const TablesQuery = z.object({ search: z.string().trim().max(200).optional() });
export const RelationshipsQuery = z.object({ table: z.string().trim().max(100).optional() });
export const LinkEventsBody = z.object({
  feature_id: z.string({ error: 'feature_id is required' }).trim().min(1, 'feature_id is required').max(128),
  event_type_ids: z.array(z.string().max(128), { error: 'event_type_ids must be a list' }).max(500),
  table_ids: z.array(z.string().max(128), { error: 'table_ids must be a list' }).max(1000),
});
export type LinkEventsRequest = z.infer<typeof LinkEventsBody>;

// ---- Responses ----

export const TriggerSyncResponse = z.object({ message: z.string(), run: SyncRunSchema });
export type TriggerSyncResponse = z.infer<typeof TriggerSyncResponse>;

export const SyncStatusResponse = z.object({
  legacy: z.object({
    users_synced: z.number(),
    polling_active: z.boolean(),
    polling_interval_seconds: z.number(),
    last_poll_at: z.string().nullable(),
    cursor: z.string().nullable(),
    /** The latest poll run (read from its pointer item, not from the history). */
    last_poll: SyncRunSchema.nullable().optional(),
  }),
  internal: z.object({ last_sync: LastSyncSchema }),
  current_counts: CountsSchema,
  running: z.array(SyncTypeSchema),
});
export type SyncStatusResponse = z.infer<typeof SyncStatusResponse>;

export const SyncHealthResponse = z.object({
  status: HealthStatusSchema,
  checked_at: z.string(),
  components: z.array(HealthComponentSchema),
});
export type SyncHealthResponse = z.infer<typeof SyncHealthResponse>;

export const SyncHistoryResponse = cursorPage({ runs: z.array(SyncRunSchema) });
export type SyncHistoryResponse = z.infer<typeof SyncHistoryResponse>;

export const PollingStartResponse = z.object({
  message: z.string(),
  polling_active: z.literal(true),
  interval_seconds: z.number(),
});
export type PollingStartResponse = z.infer<typeof PollingStartResponse>;
export const PollingStopResponse = z.object({ message: z.string(), polling_active: z.literal(false) });
export type PollingStopResponse = z.infer<typeof PollingStopResponse>;

/** POST /api/admin/sync/cursor/reset: the stored cursor moved back to the legacy system's latest. */
export const CursorResetResponse = z.object({
  message: z.string(),
  previous_cursor: z.string().nullable(),
  cursor: z.string().nullable(),
});
export type CursorResetResponse = z.infer<typeof CursorResetResponse>;

export const FailedQueueItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  error: z.string(),
  failed_at: z.string(),
  receive_count: z.number(),
});
export type FailedQueueItem = z.infer<typeof FailedQueueItemSchema>;
export const QueueStatusResponse = z.object({
  depth: z.number(),
  in_flight: z.number(),
  failed: z.number(),
  oldest_age_seconds: z.number().nullable(),
  failed_items: z.array(FailedQueueItemSchema),
});
export type QueueStatusResponse = z.infer<typeof QueueStatusResponse>;
export const RetryFailedResponse = z.object({ message: z.string(), retried: z.number() });
export type RetryFailedResponse = z.infer<typeof RetryFailedResponse>;

export const InternalLoadResponse = TriggerSyncResponse;
export type InternalLoadResponse = TriggerSyncResponse;
export const InternalStatusResponse = z.object({
  last_sync: LastSyncSchema,
  running: z.boolean(),
  counts: CountsSchema,
});
export type InternalStatusResponse = z.infer<typeof InternalStatusResponse>;
export const FeaturesResponse = z.object({ features: z.array(FeatureSchema) });
export type FeaturesResponse = z.infer<typeof FeaturesResponse>;
export const FeatureLinksResponse = z.object({
  feature_id: z.string(),
  event_types: z.array(EventTypeSchema),
  tables: z.array(TableSchema),
});
export type FeatureLinksResponse = z.infer<typeof FeatureLinksResponse>;
export const LinkEventsResponse = z.object({
  feature_id: z.string(),
  linked_events: z.number(),
  linked_tables: z.number(),
  message: z.string(),
});
export type LinkEventsResponse = z.infer<typeof LinkEventsResponse>;
export const EventTypesResponse = z.object({ event_types: z.array(EventTypeSchema) });
export type EventTypesResponse = z.infer<typeof EventTypesResponse>;
export const TablesResponse = z.object({ tables: z.array(TableSchema) });
export type TablesResponse = z.infer<typeof TablesResponse>;
export const RelationshipsResponse = z.object({ relationships: z.array(RelationshipSchema) });
export type RelationshipsResponse = z.infer<typeof RelationshipsResponse>;
export const CategoriesResponse = z.object({ feature_categories: z.array(z.string()) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
export const SyncLogsResponse = cursorPage({ logs: z.array(SyncRunSchema) });

/** One hour of polls that found nothing (kept as counts; the runs themselves expire after 7 days). */
export const PollHourSchema = z.object({ hour: z.string(), empty_polls: z.number() });
export type PollHour = z.infer<typeof PollHourSchema>;
export const PollSummaryResponse = cursorPage({ hours: z.array(PollHourSchema) });
export type PollSummaryResponse = z.infer<typeof PollSummaryResponse>;
export type SyncLogsResponse = z.infer<typeof SyncLogsResponse>;
