/**
 * The local runtime's queue consumers: one row per queue of functions/queues/, doing what that
 * queue's worker Lambda does in the cloud, on the in-process queue of this process. The local
 * server attaches them when it is created (createLocalServer); a test that runs a worker in its own
 * process calls startLocalQueueConsumers() itself. Messages sent before a consumer is attached wait
 * in the queue's backlog. With a queue's SQS URL set, its row does nothing (a worker Lambda consumes
 * SQS).
 */
import type { ConfiguredQueue, MessageConsumer } from '../functions/adapters/queue';
import { fulfilmentJobs } from '../functions/queues/fulfilment';
import { mailRetries } from '../functions/queues/mail';
import type { QueueDefinition } from '../functions/queues/queue-definition';
import { syncJobs } from '../functions/queues/sync-jobs';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { fulfilmentWorker } from '../functions/wiring/fulfilment';
import { fulfilmentQueue } from '../functions/wiring/fulfilment-queue';
import { mailQueue, mailQueueWorker } from '../functions/wiring/mail';
import { syncJobConsumer, syncQueue } from '../functions/wiring/sync';
import { webhookQueue } from '../functions/wiring/webhook-events';
import { webhookPipeline } from '../functions/wiring/webhook-pipeline';

interface LocalConsumer {
  /** The queue's module (functions/queues/), and the worker Lambda that consumes it in the cloud. */
  definition: QueueDefinition<unknown>;
  worker: string;
  queue: ConfiguredQueue;
  consume: MessageConsumer;
}

export const LOCAL_QUEUE_CONSUMERS: readonly LocalConsumer[] = [
  {
    definition: webhookDeliveries,
    worker: 'functions/workers/webhook-delivery.ts',
    queue: webhookQueue,
    consume: (message) => webhookPipeline.handleMessage(message.body),
  },
  {
    definition: fulfilmentJobs,
    worker: 'functions/workers/fulfilment-worker.ts',
    queue: fulfilmentQueue,
    consume: (message) => fulfilmentWorker.handle(message.body),
  },
  {
    definition: mailRetries,
    worker: 'functions/workers/mail-worker.ts',
    queue: mailQueue,
    consume: (message) => mailQueueWorker.handle(message.body),
  },
  {
    definition: syncJobs,
    worker: 'functions/workers/sync-worker.ts',
    queue: syncQueue,
    consume: (message) => syncJobConsumer.consume(message),
  },
];

/** Attaches every consumer to its in-process queue (idempotent: a queue has one consumer). */
export function startLocalQueueConsumers(): void {
  for (const { queue, consume } of LOCAL_QUEUE_CONSUMERS) queue.consumeLocally(consume);
}
