/**
 * Publishing domain events to the developers' webhooks, without the delivery worker: an event fans
 * out (core/webhooks/fan-out.ts) to the app's subscribed webhooks, each delivery stored and put on
 * the delivery queue. SQS when QUEUE_URL is set (the cloud); without it (the local runtime) the
 * in-process queue, consumed in this process by the pipeline's worker, which
 * wiring/webhook-pipeline.ts attaches when it is loaded (the local server loads it, as the cloud
 * runs the worker Lambda). Publishers that only publish (checkout's licence events) import this
 * module alone, so they carry no signing, sending or delivery logging.
 */
import { dynamoDeliveryStore } from '../adapters/dynamodb/deliveries-repo';
import { dynamoEventTypeStore } from '../adapters/dynamodb/event-types-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { InProcessQueue, type MessageQueue, type ReceivedMessage, SqsMessageQueue } from '../adapters/queue';
import { getConfig } from '../config';
import { createPublishEvent, type PublishEvent } from '../core/events/publish-event';
import type { LicenceEvents } from '../core/purchases/ports';
import { createFanOut, DEFAULT_FAN_OUT_OPTIONS } from '../core/webhooks/fan-out';
import { logger } from '../http/logger';

type LocalConsumer = (body: string) => Promise<unknown>;

let queue: MessageQueue | undefined;
let localQueue: InProcessQueue | undefined;
let localConsumer: LocalConsumer | undefined;

/**
 * The worker that consumes the in-process delivery queue (local runtime only; wiring/webhook-pipeline.ts
 * calls this when loaded). Messages sent before it is attached wait in the queue's backlog.
 */
export function consumeWebhooksLocally(consumer: LocalConsumer): void {
  localConsumer = consumer;
  if (localQueue && !localQueue.started) localQueue.start((message) => consumer(message.body));
}

/** The webhook delivery queue of this process (created on first use). */
export function deliveryQueue(): MessageQueue {
  if (queue) return queue;
  const cfg = getConfig();
  if (cfg.QUEUE_URL) {
    queue = new SqsMessageQueue(cfg.QUEUE_URL);
  } else if (cfg.RUNTIME === 'aws') {
    // A Lambda's memory is no queue: refuse rather than lose deliveries.
    throw new Error('Configuration error in QUEUE_URL: required in the cloud to deliver webhooks');
  } else {
    localQueue = new InProcessQueue({
      onDeadLetter: (message: ReceivedMessage, err: unknown) =>
        logger.error('webhook message dead-lettered', {
          messageId: message.messageId,
          receiveCount: message.receiveCount,
          error: err instanceof Error ? err.message : String(err),
        }),
    });
    if (localConsumer) consumeWebhooksLocally(localConsumer);
    queue = localQueue;
  }
  return queue;
}

/** The in-process queue's dead letters (local runtime only; empty with SQS). */
export const localDeadLetters = (): readonly ReceivedMessage[] => localQueue?.deadLetters ?? [];

/** The in-process webhook queue's figures (local runtime only; undefined with SQS). */
export const localWebhookQueueStats = () =>
  localQueue ? { ...localQueue.stats(), deadLetters: localQueue.deadLetters.length } : undefined;

let fanOut: ReturnType<typeof createFanOut> | undefined;

/**
 * Sends a domain event of an app to its webhooks subscribed to the event type. Resolves once the
 * deliveries are queued (not delivered); throws ValidationError for an unknown event type.
 */
export const publishEvent: PublishEvent = (appId, eventType, data) => {
  fanOut ??= createFanOut(
    { webhooks: dynamoWebhookStore, deliveries: dynamoDeliveryStore, queue: deliveryQueue(), log: logger },
    DEFAULT_FAN_OUT_OPTIONS,
  );
  return createPublishEvent({ eventTypes: dynamoEventTypeStore, pipeline: { fanOut } })(appId, eventType, data);
};

/** license.purchased / license.revoked to the developers' webhooks (licence delivery and refunds). */
export const licenceWebhookEvents: LicenceEvents = { publish: (appId, type, data) => publishEvent(appId, type, data) };
