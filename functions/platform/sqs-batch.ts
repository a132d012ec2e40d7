import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { addLambdaContext, logger, withMessageId, withRequestId } from '../http/logger';
import { flushMetrics } from './metrics';

export interface SqsBatchOptions {
  /** Log message of a record that failed, e.g. 'mail queue message failed'. */
  failureMessage: string;
  /** One record after the other (default: the records of a batch are worked on concurrently). */
  sequential?: boolean;
}

/**
 * An SQS worker Lambda with partial batch failures: a record whose `work` throws is logged and
 * reported in `batchItemFailures`, so only it returns to the queue (and after the queue's
 * maxReceiveCount moves to its dead-letter queue); the others are deleted. Every log line carries
 * the invocation's request id as correlation id and the record's message id; the invocation's
 * metrics are flushed once at the end.
 */
export function sqsBatchHandler(work: (record: SQSRecord) => Promise<unknown>, options: SqsBatchOptions) {
  return async (event: SQSEvent, context?: Partial<Context>): Promise<SQSBatchResponse> =>
    withRequestId(context?.awsRequestId, async () => {
      addLambdaContext(context);
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      const one = (record: SQSRecord) =>
        withMessageId(record.messageId, async () => {
          try {
            await work(record);
          } catch (err) {
            logger.error(options.failureMessage, {
              messageId: record.messageId,
              receiveCount: record.attributes?.ApproximateReceiveCount,
              error: err instanceof Error ? err.message : String(err),
            });
            failures.push({ itemIdentifier: record.messageId });
          }
        });
      try {
        if (options.sequential) for (const record of event.Records) await one(record);
        else await Promise.all(event.Records.map(one));
      } finally {
        flushMetrics();
      }
      return { batchItemFailures: failures };
    });
}
