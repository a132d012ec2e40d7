/**
 * The sync service: triggers runs behind a lock, executes queued jobs, polling, status,
 * history, queue status and redrive, health, and the internal catalogue's reads and links.
 *
 * A run's life: trigger takes the lock of its sync type (a conditional write; a lock older than
 * the stale timeout is taken over), records the run 'queued' and puts a job on the sync queue, and
 * answers at once. The worker marks it 'running', executes it, records 'succeeded' with counts or
 * 'failed' with the detail, and releases the lock. A failed admin-triggered run is final (the
 * admin sees why and runs it again); a failed poll is thrown back to the queue, which retries it
 * and finally dead-letters it, from where retry-failed re-drives it.
 */
import { randomUUID } from 'node:crypto';
import {
  type CursorResetResponse,
  type FeatureLinksResponse,
  type LinkEventsRequest,
  type QueueStatusResponse,
  SYNC_MSG,
  type SyncHealthResponse,
  type SyncRun,
  type SyncStatusResponse,
  type SyncType,
} from '@shared/schemas/sync';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors';
import type { User } from '../users/user';
import { KINDS_OF, syncCatalogue } from './catalogue-sync';
import { cursorBehind, HEALTH_PROBE_TIMEOUT_MS, type HealthProbe, probeHealth } from './health';
import { syncLegacyEvents, syncLegacyUsers } from './legacy-sync';
import type {
  CatalogueStore,
  EventPublisher,
  InternalSystem,
  LegacyLinkStore,
  LegacySystem,
  LicenceDirectory,
  PollScheduler,
  RunPage,
  RunPointer,
  RunStore,
  SyncJob,
  SyncLockStore,
  SyncQueue,
  SyncStateStore,
  UserAccounts,
} from './ports';
import type { CatalogueQueries } from './queries';

export type { HealthProbe } from './health';

export interface QueueOps {
  status(): Promise<Omit<QueueStatusResponse, 'failed_items'>>;
  failedItems(): Promise<QueueStatusResponse['failed_items']>;
  /** Re-drives dead-lettered items to the queue; how many. */
  redrive(): Promise<number>;
}

export interface SyncServiceDeps {
  internal: InternalSystem;
  legacy: LegacySystem;
  catalogue: CatalogueStore;
  queries: CatalogueQueries;
  runs: RunStore;
  locks: SyncLockStore;
  state: SyncStateStore;
  links: LegacyLinkStore;
  users: UserAccounts;
  /** Invites a legacy account created by legacy_users (core/users/invitations.ts). */
  invite: (user: User) => Promise<void>;
  licences: LicenceDirectory;
  publisher: EventPublisher;
  queue: SyncQueue;
  queueOps: QueueOps;
  scheduler: PollScheduler;
  health: HealthProbe[];
  /** probeTimeoutMs: each health probe's time limit (HEALTH_PROBE_TIMEOUT_MS when absent). */
  options: { lockStaleMs: number; eventsPerPoll: number; probeTimeoutMs?: number };
  log?: { info(msg: string, f?: object): void; warn(msg: string, f?: object): void };
  /** Told of every run that finished (the business metrics); optional. */
  onRunFinished?: (run: SyncRun) => void;
  now?: () => Date;
}

/** What the queue says of a job: its message id (stable across the queue's retries). */
export interface JobMeta {
  messageId?: string;
}

/** A poll that found nothing is kept a week, then only counted in its hour's summary (kept a year). */
export const EMPTY_POLL_TTL_SECONDS = 7 * 24 * 3600;
export const POLL_SUMMARY_TTL_SECONDS = 366 * 24 * 3600;

const isPoll = (run: SyncRun) => run.sync_type === 'legacy_events' && run.started_by === 'scheduler';
const isEmptyPoll = (run: SyncRun) => isPoll(run) && run.status === 'succeeded' && (run.counts.fetched ?? 0) === 0;
/** The status pointer a run moves: catalogue runs 'internal', scheduler polls 'poll'. */
const pointerOf = (run: SyncRun): RunPointer | undefined =>
  run.sync_type.startsWith('internal_') || run.sync_type === 'full_sync'
    ? 'internal'
    : isPoll(run)
      ? 'poll'
      : undefined;

/** Internal types share one lock (they write the same catalogue); the legacy types each have their own. */
export const lockOf = (type: SyncType): string =>
  type.startsWith('internal_') || type === 'full_sync' ? 'catalogue' : type;

/** Under a minute the cloud schedule fires every minute and the worker spreads the polls (see README). */
export function effectiveInterval(seconds: number): number {
  return seconds < 60 ? seconds : Math.ceil(seconds / 60) * 60;
}

export function createSyncService(deps: SyncServiceDeps) {
  const now = () => deps.now?.() ?? new Date();

  /**
   * A run of `type` cannot start while its outside system has no address (a deploy without the
   * internalSystemUrl/legacySystemUrl context): 503 with what to set, before anything is queued.
   */
  function requireConfigured(type: SyncType): void {
    const system = lockOf(type) === 'catalogue' ? deps.internal : deps.legacy;
    const missing = system.unconfigured();
    if (missing) throw new ServiceUnavailableError(missing);
  }

  async function trigger(type: SyncType, startedBy: string): Promise<SyncRun> {
    requireConfigured(type);
    const run: SyncRun = {
      id: randomUUID(),
      sync_type: type,
      status: 'queued',
      started_by: startedBy,
      started_at: now().toISOString(),
      completed_at: null,
      counts: {},
      detail: null,
    };
    if (!(await deps.locks.acquire(lockOf(type), run.id, type, now().getTime(), deps.options.lockStaleMs))) {
      throw new ConflictError(SYNC_MSG.alreadyRunning(type));
    }
    try {
      await deps.runs.put(run, { pointer: pointerOf(run) });
      await deps.queue.send({ kind: 'run', run_id: run.id, sync_type: type });
    } catch (err) {
      await finish(run, 'failed', {}, `The sync could not be queued: ${(err as Error).message}`).catch(() => undefined);
      await deps.locks.release(lockOf(type), run.id);
      throw err;
    }
    return run;
  }

  async function finish(
    run: SyncRun,
    status: 'succeeded' | 'failed',
    counts: Record<string, number>,
    detail: string | null,
  ) {
    const done: SyncRun = { ...run, status, counts, detail, completed_at: now().toISOString() };
    const empty = isEmptyPoll(done);
    const nowSeconds = Math.floor(now().getTime() / 1000);
    await deps.runs.put(done, {
      pointer: pointerOf(done),
      ...(empty ? { expiresAtSeconds: nowSeconds + EMPTY_POLL_TTL_SECONDS } : {}),
    });
    if (empty) await deps.runs.countEmptyPoll(done.started_at.slice(0, 13), nowSeconds + POLL_SUMMARY_TTL_SECONDS);
    deps.onRunFinished?.(done);
    return done;
  }

  /** Each sync takes the ports it needs from the service's own, under the same names. */
  async function execute(type: SyncType): Promise<Record<string, number>> {
    if (type === 'legacy_users') return syncLegacyUsers({ ...deps, now });
    if (type === 'legacy_events') return syncLegacyEvents({ ...deps, maxEvents: deps.options.eventsPerPoll, now });
    return syncCatalogue(KINDS_OF[type], { internal: deps.internal, store: deps.catalogue, now });
  }

  /** Runs a run that holds its lock; never throws for the run's own failure (it is recorded). */
  async function runLocked(run: SyncRun): Promise<SyncRun> {
    const running: SyncRun = { ...run, status: 'running' };
    await deps.runs.put(running, { pointer: pointerOf(running) });
    try {
      const counts = await execute(run.sync_type);
      const done = await finish(running, 'succeeded', counts, null);
      deps.log?.info('sync run succeeded', { runId: run.id, type: run.sync_type, counts });
      return done;
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      deps.log?.warn('sync run failed', { runId: run.id, type: run.sync_type, detail });
      return finish(running, 'failed', {}, detail);
    } finally {
      await deps.locks.release(lockOf(run.sync_type), run.id);
    }
  }

  async function poll(job: Extract<SyncJob, { kind: 'poll' }>, meta: JobMeta): Promise<SyncRun | undefined> {
    // Sub-minute intervals in the cloud: the minute's schedule fans out the polls within the minute.
    if (job.spread && job.interval_seconds && job.interval_seconds < 60) {
      for (let t = job.interval_seconds; t < 60; t += job.interval_seconds) {
        await deps.queue.send({ kind: 'poll', at: job.at, interval_seconds: job.interval_seconds }, t);
      }
    }
    const state = await deps.state.get();
    if (!state.polling_active) return undefined;
    // The queue's retries of one poll message are one run: its id is the message's, its attempts counted.
    const earlier = meta.messageId ? await deps.runs.get(meta.messageId) : undefined;
    const run: SyncRun = {
      id: meta.messageId ?? randomUUID(),
      sync_type: 'legacy_events',
      status: 'queued',
      started_by: 'scheduler',
      started_at: earlier?.started_at ?? now().toISOString(),
      completed_at: null,
      counts: {},
      detail: null,
      attempts: (earlier?.attempts ?? 0) + 1,
    };
    // A legacy_events run already in progress covers this poll.
    if (
      !(await deps.locks.acquire('legacy_events', run.id, 'legacy_events', now().getTime(), deps.options.lockStaleMs))
    ) {
      return undefined;
    }
    await deps.state.setLastPoll(now().toISOString());
    const done = await runLocked(run);
    // The queue retries a failed poll and finally dead-letters it.
    if (done.status === 'failed') throw new Error(`Poll failed: ${done.detail}`);
    return done;
  }

  return {
    trigger,

    /** The sync queue's consumer. Throws only for what the queue should retry (failed polls). */
    async handleJob(job: SyncJob, meta: JobMeta = {}): Promise<SyncRun | undefined> {
      if (job.kind === 'poll') return poll(job, meta);
      // Listing builds and catalogue jobs are the marketplace's (wiring/sync.ts hands them on).
      if (
        job.kind === 'listing' ||
        job.kind === 'refile-category' ||
        job.kind === 'delete-pool' ||
        job.kind === 'count-installations'
      )
        return undefined;
      const run = await deps.runs.get(job.run_id);
      if (!run || run.status === 'succeeded' || run.status === 'failed') return run; // duplicate message
      return runLocked(run);
    },

    /** Starts polling; answers the reply and the polling state before, as stored (for the audit trail). */
    async startPolling(intervalSeconds: number) {
      const interval = effectiveInterval(intervalSeconds);
      requireConfigured('legacy_events');
      const stored = await deps.state.get();
      if (!(await deps.state.setPolling(true, interval))) throw new ConflictError(SYNC_MSG.pollingAlreadyActive);
      try {
        await deps.scheduler.enable(interval);
        // The first poll right away, not one interval later.
        await deps.queue.send({ kind: 'poll', at: now().toISOString() });
      } catch (err) {
        await deps.state.setPolling(false, interval);
        throw err;
      }
      return {
        result: { message: SYNC_MSG.pollingStarted, polling_active: true as const, interval_seconds: interval },
        // The conditional write above held only if polling was not active: the stored flag was false.
        before: { polling_active: false, interval_seconds: stored.polling_interval_seconds },
      };
    },

    /** Stops polling; answers the reply and the polling state before, as stored (for the audit trail). */
    async stopPolling() {
      const state = await deps.state.get();
      if (!(await deps.state.setPolling(false, state.polling_interval_seconds))) {
        throw new ConflictError(SYNC_MSG.pollingNotActive);
      }
      await deps.scheduler.disable();
      return {
        result: { message: SYNC_MSG.pollingStopped, polling_active: false as const },
        before: { polling_active: true, interval_seconds: state.polling_interval_seconds },
      };
    },

    /**
     * Moves a stored cursor that is behind the legacy system's newest back to that newest cursor (the
     * next poll reads what comes after it), under the legacy_events lock so no poll moves it meanwhile.
     * 409 when a run holds the lock or the cursor is not behind; 503 when the system cannot say.
     */
    async resetCursor(): Promise<CursorResetResponse> {
      const holder = randomUUID();
      if (
        !(await deps.locks.acquire('legacy_events', holder, 'legacy_events', now().getTime(), deps.options.lockStaleMs))
      ) {
        throw new ConflictError(SYNC_MSG.alreadyRunning('legacy_events'));
      }
      try {
        const { cursor } = await deps.state.get();
        let latest: string | null | undefined;
        try {
          latest = (await deps.legacy.head()).latestCursor;
        } catch (err) {
          throw new ServiceUnavailableError((err as Error).message);
        }
        if (latest === undefined) throw new ServiceUnavailableError(SYNC_MSG.cursorUnknown);
        if (!cursorBehind(latest, cursor)) throw new ConflictError(SYNC_MSG.cursorNotBehind);
        if (!(await deps.state.resetCursor(cursor, latest)))
          throw new ConflictError(SYNC_MSG.alreadyRunning('legacy_events'));
        deps.log?.info('legacy cursor reset', { from: cursor, to: latest });
        return { message: SYNC_MSG.cursorReset(cursor, latest), previous_cursor: cursor, cursor: latest };
      } finally {
        await deps.locks.release('legacy_events', holder);
      }
    },

    async status(): Promise<SyncStatusResponse> {
      // O(1): the state item, the counts item, the (few) locks and two pointer items; never the history.
      const [state, counts, running, l, lastPoll] = await Promise.all([
        deps.state.get(),
        deps.queries.counts(),
        deps.locks.running(now().getTime()),
        deps.runs.pointer('internal'),
        deps.runs.pointer('poll'),
      ]);
      return {
        legacy: {
          users_synced: state.users_synced,
          polling_active: state.polling_active,
          polling_interval_seconds: state.polling_interval_seconds,
          last_poll_at: state.last_poll_at,
          cursor: state.cursor,
          last_poll: lastPoll ?? null,
        },
        internal: { last_sync: l ? { completed_at: l.completed_at, status: l.status, detail: l.detail } : null },
        current_counts: counts,
        running,
      };
    },

    async internalStatus() {
      const s = await this.status();
      return {
        last_sync: s.internal.last_sync,
        running: s.running.some((t) => lockOf(t) === 'catalogue'),
        counts: s.current_counts,
      };
    },

    /** A page of runs, newest first, of some types and/or one status. */
    history: (q: RunPage) => deps.runs.page(q),

    /** A page of the hourly counts of polls that found nothing, newest first. */
    pollHours: (limit: number, cursor?: string) => deps.runs.pollHours(limit, cursor),

    async queueStatus(): Promise<QueueStatusResponse> {
      const [status, failed_items] = await Promise.all([deps.queueOps.status(), deps.queueOps.failedItems()]);
      return { ...status, failed_items };
    },

    async retryFailed() {
      const retried = await deps.queueOps.redrive();
      return { message: SYNC_MSG.requeued(retried), retried };
    },

    async health(): Promise<SyncHealthResponse> {
      return probeHealth(deps.health, { timeoutMs: deps.options.probeTimeoutMs ?? HEALTH_PROBE_TIMEOUT_MS, now });
    },

    // Internal catalogue reads and links

    queries: deps.queries,

    async feature(id: string) {
      const f = await deps.queries.feature(id);
      if (!f || f.removed) throw new NotFoundError(SYNC_MSG.featureNotFound);
      return f;
    },

    async featureLinks(id: string): Promise<FeatureLinksResponse> {
      const f = await this.feature(id);
      return { feature_id: f.id, event_types: f.event_types, tables: f.tables };
    },

    async saveLinks(id: string, body: LinkEventsRequest, by: string) {
      if (body.feature_id !== id) throw new ValidationError(SYNC_MSG.featureIdMismatch);
      const f = await deps.queries.feature(id);
      if (!f || f.removed) throw new ValidationError(SYNC_MSG.featureNotFound);
      const eventIds = [...new Set(body.event_type_ids)];
      const tableIds = [...new Set(body.table_ids)];
      const [events, tables] = await Promise.all([deps.queries.eventTypes(), deps.queries.tables()]);
      const ev = new Set(events.filter((e) => !e.removed).map((e) => e.id));
      const tb = new Set(tables.filter((t) => !t.removed).map((t) => t.id));
      const badEvents = eventIds.filter((e) => !ev.has(e));
      if (badEvents.length) throw new ValidationError(SYNC_MSG.unknownEventTypes(badEvents));
      const badTables = tableIds.filter((t) => !tb.has(t));
      if (badTables.length) throw new ValidationError(SYNC_MSG.unknownTables(badTables));
      await deps.queries.saveLinks(id, eventIds, tableIds, by, now().toISOString());
      return {
        feature_id: id,
        linked_events: eventIds.length,
        linked_tables: tableIds.length,
        message: SYNC_MSG.linked(eventIds.length, tableIds.length),
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
