/**
 * Publishing domain events to the developers' webhooks, without the delivery worker: an event fans
 * out (core/webhooks/fan-out.ts) to the app's subscribed webhooks, each delivery stored and put on
 * the delivery queue (functions/queues/webhook-deliveries.ts). SQS when QUEUE_URL is set (the
 * cloud); without it (the local runtime) the in-process queue, consumed in this process by the
 * pipeline's worker, which the local server attaches (bin/local-queue-consumers.ts), as the cloud
 * runs the worker Lambda. Publishers that only publish (checkout's licence events) import this
 * module alone, so they carry no signing, sending or delivery logging.
 */
import { dynamoDeliveryStore } from '../adapters/dynamodb/deliveries-repo';
import { dynamoEventTypeStore } from '../adapters/dynamodb/event-types-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { configuredQueue, type MessageQueue, type ReceivedMessage } from '../adapters/queue';
import { createPublishEvent, type PublishEvent } from '../core/events/publish-event';
import type { LicenceEvents } from '../core/purchases/ports';
import { createFanOut, DEFAULT_FAN_OUT_OPTIONS } from '../core/webhooks/fan-out';
import { logger } from '../http/logger';
import { webhookDeliveries } from '../queues/webhook-deliveries';
import { lazyService } from './lazy';

/** The delivery queue, as its producers and its local consumer (the local server attaches it) use it. */
export const webhookQueue = /* @__PURE__ */ configuredQueue(webhookDeliveries);

/** The webhook delivery queue of this process (created on first use). */
export const deliveryQueue = (): MessageQueue => webhookQueue.get();

/** The in-process queue's dead letters (local runtime only; empty with SQS). */
export const localDeadLetters = (): readonly ReceivedMessage[] => webhookQueue.local()?.deadLetters ?? [];

/** The in-process webhook queue's figures (local runtime only; undefined with SQS). */
export const localWebhookQueueStats = () => {
  const local = webhookQueue.local();
  return local ? { ...local.stats(), deadLetters: local.deadLetters.length } : undefined;
};

const publisher = /* @__PURE__ */ lazyService(() => ({
  publish: createPublishEvent({
    eventTypes: dynamoEventTypeStore,
    pipeline: {
      fanOut: createFanOut(
        { webhooks: dynamoWebhookStore, deliveries: dynamoDeliveryStore, queue: deliveryQueue(), log: logger },
        DEFAULT_FAN_OUT_OPTIONS,
      ),
    },
  }),
}));

/**
 * Sends a domain event of an app to its webhooks subscribed to the event type. Resolves once the
 * deliveries are queued (not delivered); throws ValidationError for an unknown event type.
 */
export const publishEvent: PublishEvent = (appId, eventType, data) => publisher.publish(appId, eventType, data);

/** license.purchased / license.revoked to the developers' webhooks (licence delivery and refunds). */
export const licenceWebhookEvents: LicenceEvents = { publish: (appId, type, data) => publishEvent(appId, type, data) };
