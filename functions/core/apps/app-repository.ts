import { APP_LIMIT_DETAIL } from '@shared/app-limit';
import type { AppStatus } from '@shared/app-status';
import type { AdminAppCounters } from '@shared/schemas/admin-lists';
import { ConflictError } from '../errors';
import type { Page } from '../paging';
import type { AppCardRecord, AppRecord } from './app';

/** The developer holds the most apps allowed (LIMITS.maxAppsPerDeveloper). */
export class AppLimitReachedError extends ConflictError {
  constructor() {
    super(APP_LIMIT_DETAIL);
  }
}

/**
 * Storage of apps, owned by the domain and implemented in functions/adapters/dynamodb/apps-repo.ts.
 * Every read is a key lookup or an index query (no table scans).
 */
export interface AppRepository {
  getById(id: string): Promise<AppRecord | undefined>;
  getBySlug(slug: string): Promise<AppRecord | undefined>;
  /** The app whose slug is `slugOrId`, else the app whose id is `slugOrId`. */
  findBySlugOrId(slugOrId: string): Promise<AppRecord | undefined>;
  /**
   * Throws ConflictError when the id or the slug is taken. With `cap`, the owner's app counter goes
   * up in the same transaction, only while below `cap.max` (a counter not written yet starts at
   * `cap.existing`); at the cap nothing is stored and AppLimitReachedError is thrown.
   */
  create(app: AppRecord, cap?: { max: number; existing: number }): Promise<AppRecord>;
  /** How many apps the developer holds, counting no further than `upTo` (a bounded read). */
  countOwned(userId: string, upTo: number): Promise<number>;
  /**
   * Replaces the stored app with `next` if it is still at `previous.version` (else ConflictError),
   * moving the slug reservation when the slug changed; returns the stored app (version + 1).
   */
  save(previous: AppRecord, next: AppRecord): Promise<AppRecord>;
  delete(app: AppRecord): Promise<void>;
  /**
   * Every marketplace-eligible app, card fields only, in name order: a read to the end of the
   * marketplace index, for the listing builder (a worker) alone.
   */
  listMarketCards(): Promise<AppCardRecord[]>;
  /** Number of marketplace-eligible apps per category slug: counters, kept with the app writes. */
  countMarketByCategory(): Promise<Map<string, number>>;
  /** Apps of one developer, newest first. */
  listByOwner(userId: string): Promise<AppRecord[]>;
  /** Every app (admin), newest first. */
  listAll(): Promise<AppRecord[]>;
  /**
   * One page of App Management (admin), bounded: apps not on the marketplace (awaiting review,
   * suspended, internal) newest first, then the marketplace's apps in name order; status, type and
   * a name search narrow it, each page reading at most a bounded window.
   */
  pageAdmin?(query: AdminAppPageQuery): Promise<Page<AppRecord>>;
  /** App Management's counters (apps per type filter and status), kept with each app write: one read. */
  adminCounts?(): Promise<AdminAppCounters>;
}

/** The cursor-paged App Management query (functions/adapters/dynamodb/apps-repo.ts pageAdmin). */
export interface AdminAppPageQuery {
  limit: number;
  cursor?: string;
  q?: string;
  status?: AppStatus;
  type: 'all' | 'marketplace' | 'internal';
  /** The developer whose e-mail the search is: their apps come first, whatever their names. */
  ownerId?: string;
}
