/**
 * The webhook delivery worker: the SQS event source of the delivery queue invokes it with a batch
 * of messages (one Lambda). Each message is one attempt of one delivery; the records of a batch
 * are worked on concurrently (each is bounded by the webhook timeout). A record that throws is
 * reported as a batch item failure, so only it returns to the queue; after the queue's
 * maxReceiveCount it moves to the dead-letter queue (a poison message, or storage failing).
 *
 * Locally the same consumer runs in the server process on the in-process queue
 * (functions/wiring/webhook-pipeline.ts).
 */
import type { AttemptResult } from '../core/webhooks/delivery-pipeline';
import { countMetric } from '../platform/metrics';
import { sqsBatchHandler } from '../platform/sqs-batch';
import { webhookPipeline } from '../wiring/webhook-pipeline';

/**
 * Business metrics: an attempt the endpoint took (2xx), or one that failed (retried, final or
 * disabling); a final or disabling one also gave the delivery up.
 */
export function countAttempt(result: AttemptResult): void {
  if (result === 'succeeded') countMetric('webhookDelivered');
  else if (result === 'retry' || result === 'failed' || result === 'disabled') countMetric('webhookFailed');
  if (result === 'failed' || result === 'disabled') countMetric('webhookGaveUp');
}

export const handler = sqsBatchHandler(
  async (record) => countAttempt(await webhookPipeline.handleMessage(record.body)),
  { failureMessage: 'webhook delivery message failed' },
);
