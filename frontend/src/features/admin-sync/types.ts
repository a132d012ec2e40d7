/**
 * The sync API's shapes come from the server's zod schemas (shared/schemas/sync.ts), imported as
 * types only: nothing of zod enters the bundle (`npm run check:bundle` guards that).
 */
import type {
  CursorResetResponse,
  EventType,
  FailedQueueItem,
  Feature,
  FeatureLinksResponse,
  HealthComponent,
  HealthStatus,
  InternalStatusResponse,
  LinkEventsRequest,
  LinkEventsResponse,
  PollingStartResponse,
  PollingStopResponse,
  QueueStatusResponse,
  RetryFailedResponse,
  RunStatus,
  SyncHealthResponse,
  SyncRun,
  SyncStatusResponse,
  SyncType,
  Table,
  TriggerSyncResponse,
} from '@shared/schemas/sync';

export type {
  CursorResetResponse,
  EventType,
  FailedQueueItem,
  Feature,
  HealthComponent,
  RetryFailedResponse,
  RunStatus,
  SyncRun,
  SyncType,
  TriggerSyncResponse,
};
export type CatalogueTable = Table;
export type HealthState = HealthStatus;
export type SyncStatus = SyncStatusResponse;
export type SyncHealth = SyncHealthResponse;
export type QueueStatus = QueueStatusResponse;
export type InternalSyncStatus = InternalStatusResponse;
export type FeatureLinks = FeatureLinksResponse;
export type SaveLinksInput = LinkEventsRequest;
export type SaveLinksResponse = LinkEventsResponse;
export type PollingResponse = PollingStartResponse | PollingStopResponse;
export type LastSync = NonNullable<SyncStatusResponse['internal']['last_sync']>;

/** The five types the dashboard's picker offers (docs/spec.md section 3). */
export const TRIGGER_SYNC_TYPES = [
  'legacy_users',
  'legacy_events',
  'internal_features',
  'internal_events',
  'full_sync',
] as const satisfies readonly SyncType[];
