/**
 * Webhook deliveries: one message per attempt of a delivery (core/webhooks/fan-out.ts sends them,
 * the delivery worker, functions/workers/webhook-delivery.ts, sends the request). After the last
 * receive a delivery message is dead-lettered; admins can replay the delivery.
 */
import type { DeliveryMessage } from '../core/webhooks/delivery-pipeline';
import { defineQueue } from './queue-definition';

export type WebhookDeliveryMessage = DeliveryMessage;

export const webhookDeliveries = defineQueue<WebhookDeliveryMessage>({
  urlVariable: 'QUEUE_URL',
  maxReceiveCount: 5,
  neededTo: 'deliver webhooks',
  deadLetterLog: 'webhook message dead-lettered',
});
