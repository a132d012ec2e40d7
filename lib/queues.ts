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
    this.webhookDeadLetter = new sqs.Queue(this, 'WebhookDeliveryDeadLetter', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.webhookDelivery = new sqs.Queue(this, 'WebhookDelivery', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the worker's timeout, as AWS advises for Lambda consumers.
      visibilityTimeout: Duration.seconds(180),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.webhookDeadLetter, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
    });
    this.syncDeadLetter = new sqs.Queue(this, 'SyncJobsDeadLetter', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.sync = new sqs.Queue(this, 'SyncJobs', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * SYNC_WORKER_TIMEOUT.toSeconds()),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.syncDeadLetter, maxReceiveCount: SYNC_MAX_RECEIVE_COUNT },
    });
    this.fulfilmentDeadLetter = new sqs.Queue(this, 'FulfilmentDeadLetter', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fulfilment = new sqs.Queue(this, 'Fulfilment', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * FULFILMENT_WORKER_TIMEOUT.toSeconds()),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.fulfilmentDeadLetter, maxReceiveCount: FULFILMENT_MAX_RECEIVE_COUNT },
    });
  }
}
