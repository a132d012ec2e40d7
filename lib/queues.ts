import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { fulfilmentJobs } from '../functions/queues/fulfilment';
import type { QueueDefinition } from '../functions/queues/queue-definition';
import { syncJobs } from '../functions/queues/sync-jobs';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { WEBHOOK_WORKER_TIMEOUT } from './webhook-workers';

/*
 * Each queue's URL variable, receive count and message type are its module's in functions/queues/
 * (the code uses the same module); what is the stack's alone (timeouts, visibility) is here.
 */

/** The sync worker's timeout: a full catalogue load with its outside-system calls; the queue's visibility is six times this. */
export const SYNC_WORKER_TIMEOUT = Duration.seconds(120);
/**
 * The fulfilment worker's timeout: a developer's licence webhook takes up to 34 s (3 attempts of
 * 10 s, waits of 1 s and 3 s) plus storage and mail. The queue's visibility is six times this,
 * longer than the fulfilment lease (5 min), so a retry after a dead worker can take the lease over.
 */
export const FULFILMENT_WORKER_TIMEOUT = Duration.seconds(60);
/** The mail worker's timeout (one SES call per message, or an SES event); the queues' visibility is six times this. */
export const MAIL_WORKER_TIMEOUT = Duration.seconds(30);

/**
 * The webhook-delivery queue and its dead-letter queue. Both encrypted (SSE-SQS) and reachable
 * over TLS only. The delivery worker that consumes the queue is added with the workers; the
 * functions that enqueue deliveries get its URL variable and send permission (lib/api.ts).
 */
export class Queues extends Construct {
  readonly webhookDelivery: sqs.Queue;
  readonly webhookDeadLetter: sqs.Queue;
  /** Sync runs and legacy-event polls; failed jobs end in syncDeadLetter, re-driven by retry-failed. */
  readonly sync: sqs.Queue;
  readonly syncDeadLetter: sqs.Queue;
  /** "Fulfil purchase" and pool-refill messages, consumed by the fulfilment worker. */
  readonly fulfilment: sqs.Queue;
  readonly fulfilmentDeadLetter: sqs.Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    [this.webhookDelivery, this.webhookDeadLetter] = workerQueue(
      this,
      'WebhookDelivery',
      'WebhookDeliveryDeadLetter',
      webhookDeliveries,
      WEBHOOK_WORKER_TIMEOUT,
    );
    [this.sync, this.syncDeadLetter] = workerQueue(
      this,
      'SyncJobs',
      'SyncJobsDeadLetter',
      syncJobs,
      SYNC_WORKER_TIMEOUT,
    );
    [this.fulfilment, this.fulfilmentDeadLetter] = workerQueue(
      this,
      'Fulfilment',
      'FulfilmentDeadLetter',
      fulfilmentJobs,
      FULFILMENT_WORKER_TIMEOUT,
    );
  }
}

/**
 * A queue a Lambda worker consumes and its dead-letter queue, both encrypted (SSE-SQS) and
 * reachable over TLS only: messages wait 4 days, dead letters 14 days; a message received the
 * definition's `maxReceiveCount` times moves to the dead-letter queue; a received message stays
 * hidden for six times `workerTimeout` (the consumer's). Returns [queue, dead-letter queue].
 */
export function workerQueue(
  scope: Construct,
  id: string,
  deadLetterId: string,
  definition: QueueDefinition<unknown>,
  workerTimeout: Duration,
): [sqs.Queue, sqs.Queue] {
  // Six times the worker's timeout, as AWS advises for Lambda consumers.
  const visibilityTimeout = Duration.seconds(6 * workerTimeout.toSeconds());
  const secure = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true };
  const deadLetter = new sqs.Queue(scope, deadLetterId, { ...secure, retentionPeriod: Duration.days(14) });
  const queue = new sqs.Queue(scope, id, {
    ...secure,
    visibilityTimeout,
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetter, maxReceiveCount: definition.maxReceiveCount },
  });
  return [queue, deadLetter];
}
