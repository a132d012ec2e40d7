/**
 * The sync worker Lambda: consumes the sync queue (runs and polls). A job that throws is left to
 * SQS (batch item failure), which receives it again and, after SYNC_MAX_RECEIVE_COUNT receives,
 * moves it to the dead-letter queue; the last failure is recorded for GET /queue/status.
 */
import { sqsBatchHandler } from '../platform/sqs-batch';
import { handleSyncMessage } from '../sync/service';

export const handler = sqsBatchHandler(
  (record) =>
    handleSyncMessage({
      messageId: record.messageId,
      body: record.body,
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    }),
  // One job after the other, as a batch of runs and polls shares the sync lock.
  { failureMessage: 'sync job failed', sequential: true },
);
