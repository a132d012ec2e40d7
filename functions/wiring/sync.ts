/**
 * Composition root of the sync (core/sync/sync-service.ts): the outside systems over HTTP (their
 * API keys through functions/secrets.ts in the cloud), DynamoDB, the sync queue
 * (functions/queues/sync-jobs.ts: SQS and its dead-letter queue in the cloud, the in-process queue
 * locally), the poll schedule (EventBridge Scheduler in the cloud, a timer locally:
 * adapters/poll-scheduler.ts), the queue's figures and redrive (adapters/sqs-queue-admin.ts), the
 * webhook pipeline for practice events, and health probes of the real components
 * (adapters/health-probes.ts).
 *
 * The sync route function and the sync worker Lambda import `syncService` and `syncJobConsumer`;
 * locally the server attaches the consumer to the in-process queue (bin/local-queue-consumers.ts).
 */
import type { SyncRun } from '@shared/schemas/sync';
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { releaseCategorySlug } from '../adapters/dynamodb/categories-repo';
import { deletePage } from '../adapters/dynamodb/key-pool-repo';
import {
  dynamoCatalogueQueries,
  dynamoCatalogueStore,
  dynamoFailedItems,
  dynamoLegacyLinkStore,
  dynamoLicenceDirectory,
  dynamoLockStore,
  dynamoRunStore,
  dynamoSyncStateStore,
} from '../adapters/dynamodb/sync-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { mailProbe, outsideSystemProbe, sqsQueueHealth, tableProbe } from '../adapters/health-probes';
import { httpInternalSystem, httpLegacySystem, type OutsideSystemSettings } from '../adapters/outside-systems';
import { eventBridgePollScheduler, timerPollScheduler } from '../adapters/poll-scheduler';
import type { InProcessQueue } from '../adapters/queue';
import { sqsQueueAdmin } from '../adapters/sqs-queue-admin';
import { getConfig } from '../config';
import { createCatalogueJobs } from '../core/apps/catalogue-jobs';
import { HEALTH_PROBE_TIMEOUT_MS, legacySystemProbe } from '../core/sync/health';
import { createSyncJobConsumer } from '../core/sync/job-consumer';
import { OutsideSystemError } from '../core/sync/ports';
import { createSyncService, type HealthProbe, type QueueOps } from '../core/sync/sync-service';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import { syncJobs } from '../queues/sync-jobs';
import { secretString } from '../secrets';
import { installationCounts } from './installation-counts';
import { invitations } from './invitations';
import { lazyService } from './lazy';
import { listingBuilder } from './listing';
import { jobQueue, syncQueue } from './sync-queue';
import { deliveryQueue, localWebhookQueueStats } from './webhook-events';
import { webhookPipeline } from './webhook-pipeline';

/** The queue screen lists the newest failed jobs (the `failed` count is the queue's own). */
const FAILED_ITEMS_SHOWN = 100;
/** Records a Retry failed clears (and, locally, re-sends when lost with a restart) per request. */
const FAILED_ITEMS_REDRIVEN = 500;

// Queue ----------------------------------------------------------------------------------------------

export { syncQueue };

/** The local runtime's in-process queue (created on first use). */
function inProcessQueue(): InProcessQueue {
  syncQueue.get();
  const local = syncQueue.local();
  if (!local) throw new Error('The sync queue is not the in-process queue here');
  return local;
}

/** The SQS queues of the sync, when the stack named them (the cloud). */
function sqsQueues() {
  const cfg = getConfig();
  return cfg.SYNC_QUEUE_URL && cfg.SYNC_DLQ_URL
    ? sqsQueueAdmin({ queueUrl: cfg.SYNC_QUEUE_URL, queueArn: cfg.SYNC_QUEUE_ARN, deadLetterUrl: cfg.SYNC_DLQ_URL })
    : undefined;
}

/** Depth, in flight and dead letters of the queue; re-driving the dead letters. */
const queueOps: QueueOps = {
  async status() {
    const sqs = sqsQueues();
    if (sqs) return sqs.figures();
    const local = inProcessQueue();
    const s = local.stats();
    return {
      depth: s.depth,
      in_flight: s.inFlight,
      failed: local.deadLetters.length,
      oldest_age_seconds: s.oldestAgeSeconds,
    };
  },
  async failedItems() {
    return (await dynamoFailedItems.list(FAILED_ITEMS_SHOWN)).map(({ body: _body, ...item }) => item);
  },
  async redrive() {
    // At most FAILED_ITEMS_REDRIVEN records a request (the queue's own redrive moves every dead letter).
    const records = await dynamoFailedItems.list(FAILED_ITEMS_REDRIVEN);
    let moved: number;
    const sqs = sqsQueues();
    if (sqs) moved = await sqs.redriveDeadLetters();
    else {
      const local = inProcessQueue();
      const inMemory = new Set(local.deadLetters.map((m) => m.messageId));
      moved = local.redrive();
      // Dead letters lost with a restart of the local runtime are sent again from their records.
      const lost = records.filter((r) => !inMemory.has(r.id) && r.body);
      for (const r of lost) await syncQueue.get().send(r.body);
      moved += lost.length;
    }
    for (const r of records) await dynamoFailedItems.remove(r.id);
    return moved;
  },
};

// Poll schedule ---------------------------------------------------------------------------------------

/** Locally: the poll timer of this process (kept across rebuilds of the service). */
const localScheduler = timerPollScheduler(() => jobQueue.send({ kind: 'poll', at: new Date().toISOString() }));

const cloudScheduler = eventBridgePollScheduler(() => {
  const cfg = getConfig();
  return {
    name: cfg.SYNC_SCHEDULE_NAME,
    group: cfg.SYNC_SCHEDULE_GROUP,
    queueArn: cfg.SYNC_QUEUE_ARN,
    roleArn: cfg.SYNC_SCHEDULER_ROLE_ARN,
  };
});

/** Locally: restarts the poll timer when polling was active before a restart (state is in the table). */
export async function resumeLocalPolling(): Promise<boolean> {
  if (getConfig().SYNC_SCHEDULE_NAME) return false;
  const state = await dynamoSyncStateStore.get();
  if (state.polling_active) {
    syncQueue.get();
    await localScheduler.enable(state.polling_interval_seconds);
  }
  return state.polling_active;
}

/** Locally: stops the poll timer and the in-process queue (shutdown). */
export function stopLocalSync(): void {
  localScheduler.stop();
  syncQueue.local()?.stop();
}

/** A health probe reads "slow" at HEALTH_PROBE_TIMEOUT_MS; its request is dropped a second later. */
const HEALTH_REQUEST_TIMEOUT_MS = HEALTH_PROBE_TIMEOUT_MS + 1000;

// Outside systems --------------------------------------------------------------------------------------

/**
 * An outside system's API key: the variable's value locally, else its Secrets Manager secret, read
 * through functions/secrets.ts (cached for minutes, so a replaced key is used without a cold start).
 */
const apiKeyOf =
  (system: string, direct: string | undefined, secretArn: string | undefined) => async (): Promise<string> => {
    if (direct) return direct;
    if (!secretArn) throw new OutsideSystemError(`${system} API key is not configured`);
    const key = await secretString(secretArn);
    if (!key) throw new OutsideSystemError(`${system} API key secret is empty`);
    return key;
  };

/** An outside system's settings as its calls read them: its URL and key variables, the sync's timeouts. */
const outsideSystemSettings =
  (
    system: string,
    urlVariable: 'INTERNAL_SYSTEM_URL' | 'LEGACY_SYSTEM_URL',
    pick: (cfg: ReturnType<typeof getConfig>) => { key: string | undefined; secretArn: string | undefined },
  ) =>
  (): OutsideSystemSettings => {
    const cfg = getConfig();
    const { key, secretArn } = pick(cfg);
    return {
      baseUrl: cfg[urlVariable],
      urlVariable,
      apiKey: apiKeyOf(system, key, secretArn),
      timeoutMs: cfg.SYNC_HTTP_TIMEOUT_MS,
      healthTimeoutMs: HEALTH_REQUEST_TIMEOUT_MS,
    };
  };

const internalSystem = httpInternalSystem(
  outsideSystemSettings('Internal system', 'INTERNAL_SYSTEM_URL', (cfg) => ({
    key: cfg.INTERNAL_SYSTEM_API_KEY,
    secretArn: cfg.INTERNAL_SYSTEM_SECRET_ARN,
  })),
);

const legacySystem = httpLegacySystem(
  outsideSystemSettings('Legacy system', 'LEGACY_SYSTEM_URL', (cfg) => ({
    key: cfg.LEGACY_SYSTEM_API_KEY,
    secretArn: cfg.LEGACY_SYSTEM_SECRET_ARN,
  })),
);

// Health -----------------------------------------------------------------------------------------------

/** The webhook queue: SQS's figures in the cloud, the in-process queue's locally (dead letters: degraded). */
const webhookQueueProbe: HealthProbe = {
  name: 'webhook_queue',
  async probe() {
    const queueUrl = getConfig().QUEUE_URL;
    if (queueUrl) return sqsQueueHealth(queueUrl);
    deliveryQueue(); // the in-process queue, created on first use
    const s = localWebhookQueueStats();
    if (!s) throw new Error('The webhook queue is not running');
    return {
      detail: `In-process queue: ${s.depth} waiting, ${s.inFlight} in flight, ${s.deadLetters} dead-lettered`,
      degraded: s.deadLetters > 0,
    };
  },
};

const health: HealthProbe[] = [
  tableProbe,
  legacySystemProbe(legacySystem, dynamoSyncStateStore),
  outsideSystemProbe('internal_system', 'internal system', internalSystem),
  webhookQueueProbe,
  mailProbe(() => getConfig().SES_ENDPOINT),
];

// The service -----------------------------------------------------------------------------------------

/** Counts that say a run changed our records (catalogue: created/updated/removed; legacy users: created/merged). */
const CHANGED_COUNTS = ['created', 'updated', 'removed', 'merged'] as const;

/** Business metrics of a finished run: one run, and the items it changed. */
function countSyncRun(run: SyncRun): void {
  countMetric('syncRuns');
  countMetric(
    'syncItemsChanged',
    CHANGED_COUNTS.reduce((sum, k) => sum + (run.counts[k] ?? 0), 0),
  );
}

export const syncService = /* @__PURE__ */ lazyService(() => {
  const cfg = getConfig();
  return createSyncService({
    internal: internalSystem,
    legacy: legacySystem,
    catalogue: dynamoCatalogueStore,
    queries: dynamoCatalogueQueries,
    runs: dynamoRunStore,
    locks: dynamoLockStore,
    state: dynamoSyncStateStore,
    links: dynamoLegacyLinkStore,
    users: {
      findByEmail: (email) => dynamoUsersRepository.findByEmail(email),
      createWithoutPassword: (user) => dynamoUsersRepository.create(user, null),
    },
    invite: (user) => invitations.invite(user),
    licences: dynamoLicenceDirectory,
    publisher: {
      async publish(appId, eventType, data, event) {
        const summary = await webhookPipeline.fanOut(appId, eventType, data, {
          sourceEventId: event.id,
          timestamp: event.occurred_at,
          practiceEvent: true,
        });
        return summary.webhooks;
      },
    },
    queue: jobQueue,
    queueOps,
    scheduler: cfg.SYNC_SCHEDULE_NAME ? cloudScheduler : localScheduler,
    health,
    options: { lockStaleMs: cfg.SYNC_LOCK_STALE_SECONDS * 1000, eventsPerPoll: cfg.SYNC_EVENTS_PER_POLL },
    log: logger,
    onRunFinished: countSyncRun,
  });
});

/** The sync worker's catalogue jobs (core/apps/catalogue-jobs.ts; requested through wiring/catalogue-jobs.ts). */
export const catalogueJobs = /* @__PURE__ */ lazyService(() =>
  createCatalogueJobs({
    apps: new DynamoAppsRepository(),
    pool: { deletePage },
    releaseSlug: releaseCategorySlug,
    queue: jobQueue,
    pageSize: getConfig().CATALOGUE_JOB_PAGE_SIZE,
    log: logger,
  }),
);

/** The sync queue's consumer: the worker Lambda's, and the local server's on the in-process queue. */
export const syncJobConsumer = /* @__PURE__ */ lazyService(() =>
  createSyncJobConsumer({
    // The queue also carries the marketplace listing's builds (wiring/listing.ts): one worker, within the concurrency budget.
    // And the catalogue jobs (re-filing a category's apps, deleting a deleted app's key pool), a page per message,
    // and the installations count of purchases whose address became proven (wiring/installation-counts.ts).
    handleJob: (job, meta) =>
      job.kind === 'listing'
        ? listingBuilder.build()
        : job.kind === 'refile-category' || job.kind === 'delete-pool'
          ? catalogueJobs.handle(job)
          : job.kind === 'count-installations'
            ? installationCounts.handle(job)
            : syncService.handleJob(job, meta),
    maxReceiveCount: syncJobs.maxReceiveCount,
    failed: dynamoFailedItems,
    log: logger,
  }),
);
