import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Deliveries attempted this many times go to the dead-letter queue (admins can replay them). */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

/**
 * The webhook-delivery queue and its dead-letter queue. Both encrypted (SSE-SQS) and reachable
 * over TLS only. The delivery worker that consumes the queue is added with the workers; the
 * functions that enqueue deliveries get QUEUE_URL and send permission (lib/api.ts).
 */
export class Queues extends Construct {
  readonly webhookDelivery: sqs.Queue;
  readonly webhookDeadLetter: sqs.Queue;

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
  }
}
