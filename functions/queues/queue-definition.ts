/**
 * A queue of the product, as data: the one place its SQS URL variable, its receive count and its
 * message type are written. The CDK app (lib/queues.ts, lib/mail.ts, lib/sync.ts, ...) builds the
 * queue, its dead-letter queue and its redrive policy from it and sets the variable on the functions
 * that send; the producers and the worker (functions/wiring/, functions/workers/) use the same
 * module, locally through the in-process queue (functions/adapters/queue.ts) with the same receive
 * count. Pure data: the CDK app imports it, so it imports nothing that runs.
 */

/** The configuration variables that name a queue's SQS URL (functions/config.ts). */
export type QueueUrlVariable = 'QUEUE_URL' | 'FULFILMENT_QUEUE_URL' | 'MAIL_QUEUE_URL' | 'SYNC_QUEUE_URL';

export interface QueueDefinition<Message> {
  /** The variable with the queue's SQS URL: the stack sets it, the code reads it. */
  readonly urlVariable: QueueUrlVariable;
  /**
   * Receives of a message before it moves to the dead-letter queue: SQS's redrive policy in the
   * cloud, the in-process queue's locally.
   */
  readonly maxReceiveCount: number;
  /** What the queue is needed for in the cloud ("deliver licences"), named when its URL is missing there. */
  readonly neededTo?: string;
  /** The log message of a dead-lettered message (local runtime). */
  readonly deadLetterLog: string;
  /** Type only: what a message's body is, as JSON. Never set. */
  readonly message?: Message;
}

/** The JSON body of a message of queue `Q`. */
export type MessageOf<Q> = Q extends QueueDefinition<infer M> ? M : never;

export const defineQueue = <Message>(definition: Omit<QueueDefinition<Message>, 'message'>): QueueDefinition<Message> =>
  definition;
