/**
 * The fulfilment worker Lambda (issue 12 item 3): the SQS event source of the fulfilment queue
 * invokes it with a batch of messages, each one purchase's licence delivery or one pool refill
 * (functions/core/licences/fulfilment-queue.ts). The records of a batch are worked on concurrently;
 * a record that throws is reported as a batch item failure, so only it returns to the queue, and
 * after the queue's maxReceiveCount it moves to the dead-letter queue (the purchase then waits as
 * Access Pending for the developer's manual delivery).
 *
 * Locally the same worker runs in the server process on the in-process queue
 * (functions/wiring/fulfilment.ts).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../http/logger';
import { fulfilmentWorker } from '../wiring/fulfilment';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const worker = fulfilmentWorker;
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await worker.handle(record.body);
      } catch (err) {
        logger.error('fulfilment message failed', {
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
