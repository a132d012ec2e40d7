/**
 * An SQS queue and its dead-letter queue, as an admin sees them: depth, messages in flight and
 * dead letters (GetQueueAttributes), and the dead letters moved back (StartMessageMoveTask). The sync
 * route function's role may do exactly this on the sync queues (lib/sync.ts).
 */
import { GetQueueAttributesCommand, type QueueAttributeName, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './sqs-client';

/** The attributes asked for (SQS answers numbers as text). */
export async function queueAttributes(url: string, names: QueueAttributeName[]): Promise<Record<string, string>> {
  const res = await sqsClient().send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: names }));
  return res.Attributes ?? {};
}

export interface QueueFigures {
  /** Waiting or delayed. */
  depth: number;
  in_flight: number;
  /** In the dead-letter queue. */
  failed: number;
  /** SQS reports the oldest age only as a CloudWatch metric (ApproximateAgeOfOldestMessage). */
  oldest_age_seconds: null;
}

export interface SqsQueuePair {
  queueUrl: string;
  queueArn: string | undefined;
  deadLetterUrl: string;
}

export function sqsQueueAdmin(pair: SqsQueuePair) {
  return {
    async figures(): Promise<QueueFigures> {
      const [q, d] = await Promise.all([
        queueAttributes(pair.queueUrl, [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ]),
        queueAttributes(pair.deadLetterUrl, ['ApproximateNumberOfMessages']),
      ]);
      return {
        depth: Number(q.ApproximateNumberOfMessages ?? 0) + Number(q.ApproximateNumberOfMessagesDelayed ?? 0),
        in_flight: Number(q.ApproximateNumberOfMessagesNotVisible ?? 0),
        failed: Number(d.ApproximateNumberOfMessages ?? 0),
        oldest_age_seconds: null,
      };
    },

    /** Starts moving the dead letters back to the queue; how many there were. */
    async redriveDeadLetters(): Promise<number> {
      const d = await queueAttributes(pair.deadLetterUrl, ['ApproximateNumberOfMessages', 'QueueArn']);
      const moving = Number(d.ApproximateNumberOfMessages ?? 0);
      if (moving > 0) {
        await sqsClient().send(
          new StartMessageMoveTaskCommand({ SourceArn: d.QueueArn, DestinationArn: pair.queueArn }),
        );
      }
      return moving;
    },
  };
}
