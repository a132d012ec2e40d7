/**
 * The sync queue's consumer (functions/queues/sync-jobs.ts): the worker Lambda's in the cloud, the
 * local server's on the in-process queue. A job that is not JSON is dropped (no receive can fix
 * it); a job that fails is thrown back to the queue, and on its last receive recorded first, so
 * GET /queue/status shows why it was dead-lettered and retry-failed can send it again.
 */
import type { FailedQueueItem } from '@shared/schemas/sync';
import type { SyncJob } from './ports';

export interface ReceivedJob {
  messageId: string;
  body: string;
  /** 1 on the first receive (SQS's ApproximateReceiveCount). */
  receiveCount: number;
}

export interface SyncJobConsumerDeps {
  /** `messageId` is stable across the queue's retries of one message (a retried poll stays one run). */
  handleJob(job: SyncJob, meta: { messageId: string }): Promise<unknown>;
  /** Receives of a job before the queue dead-letters it. */
  maxReceiveCount: number;
  failed: { put(item: FailedQueueItem & { body: string }): Promise<void> };
  log: { error(msg: string, fields?: object): void };
  now?: () => Date;
}

/** What the queue screen names a failed job. */
function failedKindOf(job: SyncJob): string {
  switch (job.kind) {
    case 'run':
      return job.sync_type;
    case 'listing':
      return 'marketplace listing';
    case 'refile-category':
      return 'category re-filing';
    case 'delete-pool':
      return 'licence key pool deletion';
    case 'count-installations':
      return 'installations count';
    default:
      return 'legacy_events poll';
  }
}

export function createSyncJobConsumer(deps: SyncJobConsumerDeps) {
  const now = deps.now ?? (() => new Date());
  async function consume(message: ReceivedJob): Promise<void> {
    let job: SyncJob;
    try {
      job = JSON.parse(message.body) as SyncJob;
    } catch {
      deps.log.error('sync job is not JSON; dropped', { messageId: message.messageId });
      return;
    }
    try {
      await deps.handleJob(job, { messageId: message.messageId });
    } catch (err) {
      if (message.receiveCount >= deps.maxReceiveCount) {
        await deps.failed
          .put({
            id: message.messageId,
            kind: failedKindOf(job),
            error: (err as Error).message,
            failed_at: now().toISOString(),
            receive_count: message.receiveCount,
            body: message.body,
          })
          .catch((e) => deps.log.error('recording a failed sync job failed', { error: (e as Error).message }));
      }
      throw err;
    }
  }
  return { consume };
}
