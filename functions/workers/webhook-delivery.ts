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
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../http/logger';
import { webhookPipeline } from '../wiring/webhook-pipeline';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const pipeline = webhookPipeline();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await pipeline.handleMessage(record.body);
      } catch (err) {
        logger.error('webhook delivery message failed', {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error: err instanceof Error ? err.message : String(err),
        });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
};
