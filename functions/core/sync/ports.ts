/**
 * What the sync needs from the outside world. The core owns these interfaces;
 * functions/adapters/ implements them (HTTP to the outside systems, DynamoDB, the queues,
 * EventBridge Scheduler or a local timer, the webhook pipeline).
 */

import type {
  InternalEventType,
  InternalFeature,
  InternalRelationship,
  InternalTable,
  LegacyAccount,
  LegacyEvent,
} from '@shared/schemas/outside-systems';
import type { PollHour, RunStatus, SyncRun, SyncType } from '@shared/schemas/sync';
import type { Requested } from '../installs/permissions';
import type { Page } from '../paging';
import type { User } from '../users/user';
import type { PracticeHoldings } from './practice-routing';

/** An outside system failed a request: down, too slow, an error status, malformed or invalid data. */
export class OutsideSystemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideSystemError';
  }
}

export interface CatalogueSnapshot {
  features: InternalFeature[];
  event_types: InternalEventType[];
  tables: InternalTable[];
  relationships: InternalRelationship[];
}
export type CatalogueKind = keyof CatalogueSnapshot;
export const CATALOGUE_KINDS: readonly CatalogueKind[] = ['features', 'event_types', 'tables', 'relationships'];

export interface InternalSystem {
  /** Every page of one list, each item validated; throws OutsideSystemError. */
  fetch<K extends CatalogueKind>(kind: K): Promise<CatalogueSnapshot[K]>;
  /** Milliseconds its health endpoint took; throws OutsideSystemError. */
  ping(): Promise<number>;
  /** Why it cannot be called at all (no address configured), or undefined when it can. */
  unconfigured(): string | undefined;
}

export interface LegacySystem {
  accounts(): Promise<LegacyAccount[]>;
  /** Events after the cursor in cursor order, at most `max`, each validated. */
  eventsAfter(cursor: string | null, max: number): Promise<LegacyEvent[]>;
  ping(): Promise<number>;
  /** Its GET /health: how long it took and its newest event's cursor (undefined when it does not say). */
  head(): Promise<{ ms: number; latestCursor: string | null | undefined }>;
  /** Why it cannot be called at all (no address configured), or undefined when it can. */
  unconfigured(): string | undefined;
}

/** One catalogue item as stored: its source fields (compared to decide "unchanged") and removed. */
export interface StoredCatalogueItem {
  id: string;
  data: Record<string, unknown>;
  removed: boolean;
}

/**
 * How many items of each kind the catalogue stores at most, removed ones included (catalogue-sync.ts
 * refuses a source with more and drops removed items to stay under it). Sized by a practice system's
 * schema, not by marketplace data or time: Open Dental has 16 features, 14 event types, 420 tables and
 * 633 relationships. Every read of a kind reads at most this many items, so the admin's catalogue
 * screens read a set bounded by this rule.
 */
export const CATALOGUE_CAPACITY: Readonly<Record<CatalogueKind, number>> = {
  features: 500,
  event_types: 1_000,
  tables: 2_000,
  relationships: 8_000,
};

export interface CatalogueStore {
  /** Every stored item of a kind, removed ones included (at most CATALOGUE_CAPACITY[kind]). */
  list(kind: CatalogueKind): Promise<StoredCatalogueItem[]>;
  /** Writes (creates or replaces the source fields of) items; never touches a feature's saved links. */
  put(kind: CatalogueKind, items: StoredCatalogueItem[], at: string): Promise<void>;
  /** Deletes stored items of a kind for good (removed items dropped to stay under the capacity). */
  drop(kind: CatalogueKind, ids: readonly string[]): Promise<void>;
  /**
   * Records how many live (not removed) items these kinds hold after a sync (status reads them in
   * O(1)) and, when the features were synced, their categories (the category list reads one item).
   */
  setCounts(counts: Partial<Record<CatalogueKind, number>>, featureCategories?: string[]): Promise<void>;
}

export type RunPointer = 'internal' | 'poll';

export interface RunPage {
  limit: number;
  cursor?: string;
  /** Only runs of these types / this status (a filter on the newest-first list). */
  types?: readonly SyncType[];
  status?: RunStatus;
}

export interface RunStore {
  /**
   * Writes the run; with `pointer`, also moves that pointer to it (unless a later-started run holds
   * it); with `expiresAtSeconds`, the run expires then (DynamoDB TTL).
   */
  put(run: SyncRun, opts?: { pointer?: RunPointer; expiresAtSeconds?: number }): Promise<void>;
  get(id: string): Promise<SyncRun | undefined>;
  /** The run a pointer names (O(1): one GetItem). */
  pointer(kind: RunPointer): Promise<SyncRun | undefined>;
  /** A page of runs, newest first; bounded reads (a filter reads at most a few pages of the index). */
  page(q: RunPage): Promise<Page<SyncRun>>;
  /** Counts one empty poll in its hour's summary (hour = yyyy-mm-ddThh). */
  countEmptyPoll(hour: string, expiresAtSeconds: number): Promise<void>;
  /** Hourly summaries of empty polls, newest first. */
  pollHours(limit: number, cursor?: string): Promise<Page<PollHour>>;
}

export interface SyncLockStore {
  /** Takes the lock unless someone holds an unexpired one; true when taken. */
  acquire(lock: string, runId: string, syncType: SyncType, nowMs: number, staleAfterMs: number): Promise<boolean>;
  /** Releases it if `runId` still holds it. */
  release(lock: string, runId: string): Promise<void>;
  /** Sync types whose lock is held and not stale. */
  running(nowMs: number): Promise<SyncType[]>;
}

export interface SyncState {
  polling_active: boolean;
  polling_interval_seconds: number;
  last_poll_at: string | null;
  cursor: string | null;
  users_synced: number;
}

export interface SyncStateStore {
  get(): Promise<SyncState>;
  /** Sets polling active/inactive only if it is not already (false: it was). */
  setPolling(active: boolean, intervalSeconds: number): Promise<boolean>;
  setCursor(cursor: string, at: string): Promise<void>;
  /** Replaces the cursor only if it still is `expected` (false: a poll moved it meanwhile). */
  resetCursor(expected: string | null, cursor: string | null): Promise<boolean>;
  setLastPoll(at: string): Promise<void>;
  setUsersSynced(n: number): Promise<void>;
}

export interface LegacyLinkStore {
  /** The local user a legacy account was linked to, if any. */
  get(legacyId: string): Promise<string | undefined>;
  put(legacyId: string, userId: string, email: string, at: string): Promise<void>;
  count(): Promise<number>;
}

export interface UserAccounts {
  findByEmail(email: string): Promise<User | undefined>;
  /** Creates the (invited) account with no password: it cannot sign in until it sets one; throws EmailTakenError. */
  createWithoutPassword(user: User): Promise<void>;
}

export interface LicenceDirectory {
  /** The account of this (normalised) address, if any, and every purchase kept against the address. */
  holdingsOf(email: string): Promise<PracticeHoldings>;
  /** Which of these apps are listed now (approved, public, not suspended; a deleted app is not). */
  listed(appIds: string[]): Promise<Set<string>>;
  /** What each app requests now (core/installs/permissions.ts requestedPermissions); null: no declaration. */
  requested(appIds: string[]): Promise<Map<string, Requested | null>>;
}

export interface EventPublisher {
  /** Hands one event to the app's subscribed webhooks, idempotently by event id; how many webhooks. */
  publish(appId: string, eventType: string, data: unknown, event: { id: string; occurred_at: string }): Promise<number>;
}

/** A job on the sync queue. */
export type SyncJob =
  | { kind: 'run'; run_id: string; sync_type: SyncType }
  /** A poll's run id is its queue message's id, so the queue's retries of it are one run with attempts. */
  | { kind: 'poll'; at: string; interval_seconds?: number; spread?: boolean }
  /** Make the marketplace listing of the current catalogue version (core/apps/listing-builder.ts). */
  | { kind: 'listing'; version: number }
  /**
   * One page of moving a category's apps to another slug and/or name (core/apps/catalogue-jobs.ts):
   * re-sent with the next cursor until the category's apps are all moved; `pass` counts the passes
   * over the category (an app approved mid-way changes partition and is found by the next pass).
   */
  | {
      kind: 'refile-category';
      from: string;
      to: { slug: string; name: string };
      cursor?: string;
      pass?: number;
      /** The old slug, held by its category until the last page frees it. */
      release?: { slug: string; category_id: string };
    }
  /** One page of deleting a deleted app's licence-key pool, re-sent until the pool is gone. */
  | { kind: 'delete-pool'; app_id: string }
  /**
   * One page of counting the purchases of buyer ids whose address became proven
   * (core/purchases/installations.ts), re-sent with the next cursor until the purchases are read.
   */
  | { kind: 'count-installations'; buyer_ids: string[]; cursor?: string };

export interface SyncQueue {
  send(job: SyncJob, delaySeconds?: number): Promise<void>;
}

/** The polling schedule: an EventBridge Scheduler schedule in the cloud, a timer locally. */
export interface PollScheduler {
  enable(intervalSeconds: number): Promise<void>;
  disable(): Promise<void>;
}

export type { RunStatus };
