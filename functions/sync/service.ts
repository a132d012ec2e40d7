/**
 * Composition root of the sync: the sync service wired to the outside systems over
 * HTTP, DynamoDB, the sync queue (SQS + dead-letter queue in the cloud, the in-process queue
 * locally, consumed in this process like the worker Lambda does in the cloud), the poll schedule
 * (EventBridge Scheduler in the cloud, a timer locally), the webhook pipeline, and health probes
 * that measure the real components.
 */

import { GetScheduleCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import {
  GetQueueAttributesCommand,
  type QueueAttributeName,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SyncRun } from '../../shared/schemas/sync';
import { documentClient, tableName } from '../adapters/aws-clients';
import { syncKeys } from '../adapters/dynamodb/keys';
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
import { httpInternalSystem, httpLegacySystem } from '../adapters/outside-systems';
import { configuredQueue, type InProcessQueue, type ReceivedMessage } from '../adapters/queue';
import { awsClientResilience, tagDependency } from '../adapters/resilience';
import { sesClient } from '../adapters/ses-client';
import { getConfig } from '../config';
import type { PollScheduler, SyncJob, SyncQueue } from '../core/sync/ports';
import { createSyncService, type HealthProbe, type QueueOps, type SyncService } from '../core/sync/sync-service';
import { logger } from '../http/logger';
import { countMetric } from '../platform/metrics';
import { traced } from '../platform/tracer';
import { localWebhookQueueStats, webhookPipeline } from '../wiring/webhook-pipeline';

/** Receives of a sync job before it is dead-lettered; lib/queues.ts gives SQS the same number. */
export const SYNC_MAX_RECEIVE_COUNT = 3;

let service: SyncService | undefined;
let sqs: SQSClient | undefined;
const sqsClient = () => {
  sqs ??= traced(tagDependency(new SQSClient({ region: getConfig().AWS_REGION, ...awsClientResilience() }), 'SQS'));
  return sqs;
};

const jobQueue = configuredQueue({
  urlVariable: 'SYNC_QUEUE_URL',
  deadLetterLog: 'sync job dead-lettered',
  local: () => ({ maxReceiveCount: SYNC_MAX_RECEIVE_COUNT, redeliveryDelayMs: getConfig().SYNC_QUEUE_RETRY_DELAY_MS }),
});
// Locally the sync worker's work is done here, on the in-process queue.
jobQueue.consumeLocally((m) => handleSyncMessage(m));

const rawQueue = () => jobQueue.get();

/** The local runtime's in-process queue (started on first use). */
function inProcessQueue(): InProcessQueue {
  rawQueue();
  const local = jobQueue.local();
  if (!local) throw new Error('The sync queue is not the in-process queue here');
  return local;
}

const syncQueue: SyncQueue = {
  send: (job, delaySeconds) => rawQueue().send(JSON.stringify(job), { delaySeconds }),
};

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

/** The sync queue's consumer (the worker Lambda in the cloud, this process locally). */
export async function handleSyncMessage(message: ReceivedMessage): Promise<void> {
  let job: SyncJob;
  try {
    job = JSON.parse(message.body) as SyncJob;
  } catch {
    logger.error('sync job is not JSON; dropped', { messageId: message.messageId });
    return;
  }
  try {
    await syncService().handleJob(job);
  } catch (err) {
    if (message.receiveCount >= SYNC_MAX_RECEIVE_COUNT) {
      await dynamoFailedItems
        .put({
          id: message.messageId,
          kind: job.kind === 'run' ? job.sync_type : 'legacy_events poll',
          error: (err as Error).message,
          failed_at: new Date().toISOString(),
          receive_count: message.receiveCount,
          body: message.body,
        })
        .catch((e) => logger.error('recording a failed sync job failed', { error: (e as Error).message }));
    }
    throw err;
  }
}

// Poll schedule ---------------------------------------------------------------------------------------

let pollTimer: NodeJS.Timeout | undefined;
const localScheduler: PollScheduler = {
  async enable(interval) {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = setInterval(() => {
      syncQueue.send({ kind: 'poll', at: new Date().toISOString() }).catch(() => undefined);
    }, interval * 1000);
    pollTimer.unref();
  },
  async disable() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = undefined;
  },
};

let scheduler: SchedulerClient | undefined;
const schedulerClient = () => {
  scheduler ??= tagDependency(
    new SchedulerClient({ region: getConfig().AWS_REGION, ...awsClientResilience() }),
    'EventBridge Scheduler',
  );
  return scheduler;
};

/**
 * EventBridge Scheduler's finest rate is one minute. An interval under 60 s runs the schedule every
 * minute with `spread`: the worker then queues the minute's further polls with SQS delays (e.g.
 * 20 s -> polls at 0, 20 and 40 s). Longer intervals are rounded up to whole minutes.
 */
const cloudScheduler: PollScheduler = {
  async enable(interval) {
    const cfg = getConfig();
    const client = schedulerClient();
    const current = await client.send(
      new GetScheduleCommand({ Name: cfg.SYNC_SCHEDULE_NAME, GroupName: cfg.SYNC_SCHEDULE_GROUP }),
    );
    const minutes = Math.max(1, Math.ceil(interval / 60));
    const job: SyncJob = {
      kind: 'poll',
      at: new Date().toISOString(),
      interval_seconds: interval,
      spread: interval < 60,
    };
    await client.send(
      new UpdateScheduleCommand({
        Name: cfg.SYNC_SCHEDULE_NAME,
        GroupName: cfg.SYNC_SCHEDULE_GROUP,
        ScheduleExpression: `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`,
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          ...current.Target,
          Arn: current.Target?.Arn ?? cfg.SYNC_QUEUE_ARN,
          RoleArn: current.Target?.RoleArn ?? cfg.SYNC_SCHEDULER_ROLE_ARN,
          Input: JSON.stringify(job),
        },
        State: 'ENABLED',
      }),
    );
  },
  async disable() {
    const cfg = getConfig();
    const client = schedulerClient();
    const current = await client.send(
      new GetScheduleCommand({ Name: cfg.SYNC_SCHEDULE_NAME, GroupName: cfg.SYNC_SCHEDULE_GROUP }),
    );
    await client.send(
      new UpdateScheduleCommand({
        Name: cfg.SYNC_SCHEDULE_NAME,
        GroupName: cfg.SYNC_SCHEDULE_GROUP,
        ScheduleExpression: current.ScheduleExpression ?? 'rate(1 minute)',
        FlexibleTimeWindow: current.FlexibleTimeWindow ?? { Mode: 'OFF' },
        Target: current.Target,
        State: 'DISABLED',
      }),
    );
  },
};

/** Locally: restarts the poll timer when polling was active before a restart (state is in the table). */
export async function resumeLocalPolling(): Promise<boolean> {
  if (getConfig().SYNC_SCHEDULE_NAME) return false;
  const state = await dynamoSyncStateStore.get();
  if (state.polling_active) {
    rawQueue();
    await localScheduler.enable(state.polling_interval_seconds);
  }
  return state.polling_active;
}

export function stopLocalSync(): void {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = undefined;
  jobQueue.local()?.stop();
}

// Queue status and redrive -------------------------------------------------------------------------------

async function attributes(url: string, names: QueueAttributeName[]) {
  const res = await sqsClient().send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: names }));
  return res.Attributes ?? {};
}

const queueOps: QueueOps = {
  async status() {
    const cfg = getConfig();
    if (cfg.SYNC_QUEUE_URL && cfg.SYNC_DLQ_URL) {
      const [q, d] = await Promise.all([
        attributes(cfg.SYNC_QUEUE_URL, [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ]),
        attributes(cfg.SYNC_DLQ_URL, ['ApproximateNumberOfMessages']),
      ]);
      return {
        depth: Number(q.ApproximateNumberOfMessages ?? 0) + Number(q.ApproximateNumberOfMessagesDelayed ?? 0),
        in_flight: Number(q.ApproximateNumberOfMessagesNotVisible ?? 0),
        failed: Number(d.ApproximateNumberOfMessages ?? 0),
        // SQS reports the oldest age only as a CloudWatch metric (ApproximateAgeOfOldestMessage).
        oldest_age_seconds: null,
      };
    }
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
    return (await dynamoFailedItems.list()).map(({ body: _body, ...item }) => item);
  },
  async redrive() {
    const cfg = getConfig();
    const records = await dynamoFailedItems.list();
    let moved: number;
    if (cfg.SYNC_QUEUE_URL && cfg.SYNC_DLQ_URL) {
      const d = await attributes(cfg.SYNC_DLQ_URL, ['ApproximateNumberOfMessages', 'QueueArn']);
      moved = Number(d.ApproximateNumberOfMessages ?? 0);
      if (moved > 0) {
        await sqsClient().send(
          new StartMessageMoveTaskCommand({ SourceArn: d.QueueArn, DestinationArn: cfg.SYNC_QUEUE_ARN }),
        );
      }
    } else {
      const local = inProcessQueue();
      const inMemory = new Set(local.deadLetters.map((m) => m.messageId));
      moved = local.redrive();
      // Dead letters lost with a restart of the local runtime are sent again from their records.
      const lost = records.filter((r) => !inMemory.has(r.id) && r.body);
      for (const r of lost) await rawQueue().send(r.body);
      moved += lost.length;
    }
    for (const r of records) await dynamoFailedItems.remove(r.id);
    return moved;
  },
};

// Health -----------------------------------------------------------------------------------------------------

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const value = await fn();
  return [value, Date.now() - started];
};

const health: HealthProbe[] = [
  {
    name: 'table',
    async probe() {
      const [, ms] = await timed(() =>
        documentClient().send(new GetCommand({ TableName: tableName(), Key: syncKeys.state, ConsistentRead: true })),
      );
      return { detail: `A consistent GetItem on table ${tableName()} answered in ${ms} ms` };
    },
  },
  {
    name: 'legacy_system',
    async probe() {
      const ms = await httpLegacySystem.ping();
      return { detail: `GET /health of the legacy system answered in ${ms} ms`, degraded: ms > 2000 };
    },
  },
  {
    name: 'internal_system',
    async probe() {
      const ms = await httpInternalSystem.ping();
      return { detail: `GET /health of the internal system answered in ${ms} ms`, degraded: ms > 2000 };
    },
  },
  {
    name: 'webhook_queue',
    async probe() {
      const queueUrl = getConfig().QUEUE_URL;
      if (queueUrl) {
        const [a, ms] = await timed(() =>
          attributes(queueUrl, ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible']),
        );
        return {
          detail: `SQS GetQueueAttributes answered in ${ms} ms: ${a.ApproximateNumberOfMessages ?? 0} waiting, ${a.ApproximateNumberOfMessagesNotVisible ?? 0} in flight`,
        };
      }
      webhookPipeline();
      const s = localWebhookQueueStats();
      if (!s) throw new Error('The webhook queue is not running');
      return {
        detail: `In-process queue: ${s.depth} waiting, ${s.inFlight} in flight, ${s.deadLetters} dead-lettered`,
        degraded: s.deadLetters > 0,
      };
    },
  },
  {
    name: 'mail',
    async probe() {
      const sesEndpoint = getConfig().SES_ENDPOINT;
      if (sesEndpoint) {
        const [res, ms] = await timed(() => fetch(sesEndpoint, { signal: AbortSignal.timeout(3000) }));
        await res.body?.cancel();
        return { detail: `The local SES answered HTTP ${res.status} in ${ms} ms` };
      }
      const [acc, ms] = await timed(() => sesClient().send(new GetAccountCommand({})));
      return {
        detail: `SES GetAccount answered in ${ms} ms: sending ${acc.SendingEnabled ? 'enabled' : 'paused'}${acc.ProductionAccessEnabled ? '' : ' (sandbox)'}`,
        degraded: !acc.SendingEnabled || !acc.ProductionAccessEnabled,
      };
    },
  },
];

export function syncService(): SyncService {
  const cfg = getConfig();
  service ??= createSyncService({
    internal: httpInternalSystem,
    legacy: httpLegacySystem,
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
    licences: dynamoLicenceDirectory,
    publisher: {
      async publish(appId, eventType, data, event) {
        const summary = await webhookPipeline().fanOut(appId, eventType, data, {
          sourceEventId: event.id,
          timestamp: event.occurred_at,
          practiceEvent: true,
        });
        return summary.webhooks;
      },
    },
    queue: syncQueue,
    queueOps,
    scheduler: cfg.SYNC_SCHEDULE_NAME ? cloudScheduler : localScheduler,
    health,
    options: { lockStaleMs: cfg.SYNC_LOCK_STALE_SECONDS * 1000, eventsPerPoll: cfg.SYNC_EVENTS_PER_POLL },
    log: logger,
    onRunFinished: countSyncRun,
  });
  return service;
}
