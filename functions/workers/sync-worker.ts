/**
 * The sync worker Lambda: consumes the sync queue (runs and polls). A job that throws is left to
 * SQS (batch item failure), which receives it again and, after the queue's maxReceiveCount
 * receives (functions/queues/sync-jobs.ts), moves it to the dead-letter queue; the last failure is
 * recorded for GET /queue/status.
 */
import { sqsBatchHandler } from '../platform/sqs-batch';
import { syncJobConsumer } from '../wiring/sync';

export const handler = sqsBatchHandler(
  (record) =>
    syncJobConsumer.consume({
      messageId: record.messageId,
      body: record.body,
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    }),
  // One job after the other, as a batch of runs and polls shares the sync lock.
  { failureMessage: 'sync job failed', sequential: true },
);
