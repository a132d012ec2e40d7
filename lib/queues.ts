import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Deliveries attempted this many times go to the dead-letter queue (admins can replay them). */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;
/** Sync jobs (runs, polls) received this many times go to the sync dead-letter queue (functions/sync/service.ts). */
export const SYNC_MAX_RECEIVE_COUNT = 3;
/** The sync worker's timeout: a full catalogue load with its outside-system calls; the queue's visibility is six times this. */
export const SYNC_WORKER_TIMEOUT = Duration.seconds(120);
/** Licence deliveries received this many times go to the fulfilment dead-letter queue (functions/wiring/fulfilment.ts). */
export const FULFILMENT_MAX_RECEIVE_COUNT = 5;
/**
 * The fulfilment worker's timeout: a developer's licence webhook takes up to 34 s (3 attempts of
 * 10 s, waits of 1 s and 3 s) plus storage and mail. The queue's visibility is six times this,
 * longer than the fulfilment lease (5 min), so a retry after a dead worker can take the lease over.
 */
export const FULFILMENT_WORKER_TIMEOUT = Duration.seconds(60);
/** Mails whose sending failed are retried from the mail queue this many times, then dead-lettered. */
export const MAIL_MAX_RECEIVE_COUNT = 5;
/** The mail worker's timeout (one SES call per message, or an SES event); the queues' visibility is six times this. */
export const MAIL_WORKER_TIMEOUT = Duration.seconds(30);

/**
 * The webhook-delivery queue and its dead-letter queue. Both encrypted (SSE-SQS) and reachable
 * over TLS only. The delivery worker that consumes the queue is added with the workers; the
 * functions that enqueue deliveries get QUEUE_URL and send permission (lib/api.ts).
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
    [this.webhookDelivery, this.webhookDeadLetter] = workerQueue(this, 'WebhookDelivery', 'WebhookDeliveryDeadLetter', {
      // Six times the worker's timeout, as AWS advises for Lambda consumers.
      visibilityTimeout: Duration.seconds(180),
      maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT,
    });
    [this.sync, this.syncDeadLetter] = workerQueue(this, 'SyncJobs', 'SyncJobsDeadLetter', {
      visibilityTimeout: Duration.seconds(6 * SYNC_WORKER_TIMEOUT.toSeconds()),
      maxReceiveCount: SYNC_MAX_RECEIVE_COUNT,
    });
    [this.fulfilment, this.fulfilmentDeadLetter] = workerQueue(this, 'Fulfilment', 'FulfilmentDeadLetter', {
      visibilityTimeout: Duration.seconds(6 * FULFILMENT_WORKER_TIMEOUT.toSeconds()),
      maxReceiveCount: FULFILMENT_MAX_RECEIVE_COUNT,
    });
  }
}

/**
 * A queue a Lambda worker consumes and its dead-letter queue, both encrypted (SSE-SQS) and
 * reachable over TLS only: messages wait 4 days, dead letters 14 days; a message received
 * `maxReceiveCount` times moves to the dead-letter queue. Returns [queue, dead-letter queue].
 */
export function workerQueue(
  scope: Construct,
  id: string,
  deadLetterId: string,
  props: { readonly visibilityTimeout: Duration; readonly maxReceiveCount: number },
): [sqs.Queue, sqs.Queue] {
  const secure = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true };
  const deadLetter = new sqs.Queue(scope, deadLetterId, { ...secure, retentionPeriod: Duration.days(14) });
  const queue = new sqs.Queue(scope, id, {
    ...secure,
    visibilityTimeout: props.visibilityTimeout,
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetter, maxReceiveCount: props.maxReceiveCount },
  });
  return [queue, deadLetter];
}
