/**
 * The sync worker Lambda: consumes the sync queue (runs and polls). A job that throws is left to
 * SQS (batch item failure), which receives it again and, after SYNC_MAX_RECEIVE_COUNT receives,
 * moves it to the dead-letter queue; the last failure is recorded for GET /queue/status.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handleSyncMessage } from '../sync/service';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await handleSyncMessage({
        messageId: record.messageId,
        body: record.body,
        receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
      });
    } catch {
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
