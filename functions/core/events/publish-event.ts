/**
 * Publishing a domain event to developers' webhooks. Other modules (checkout on
 * 'license.purchased', the sync on practice events) call `publishEvent(appId, eventType, data)`;
 * the wired instance is exported by functions/wiring/webhook-pipeline.ts. The event type must be in the
 * catalogue, so a typo cannot silently send nothing.
 */
import type { DeliverySummary } from '@shared/schemas/webhooks';
import { unknownEventType } from '@shared/schemas/webhooks';
import { ValidationError } from '../errors';
import type { DeliveryPipeline } from '../webhooks/delivery-pipeline';
import { catalogueNames } from '../webhooks/event-catalogue';
import type { EventTypeStore } from '../webhooks/ports';

export type PublishEvent = (appId: string, eventType: string, data: unknown) => Promise<DeliverySummary>;

export interface PublishEventDeps {
  eventTypes: EventTypeStore;
  pipeline: Pick<DeliveryPipeline, 'fanOut'>;
}

export function createPublishEvent(deps: PublishEventDeps): PublishEvent {
  return async function publishEvent(appId, eventType, data) {
    if (!catalogueNames(await deps.eventTypes.list()).includes(eventType)) {
      throw new ValidationError(unknownEventType(eventType));
    }
    return deps.pipeline.fanOut(appId, eventType, data);
  };
}
