import { type DeveloperHandler, ok } from '../http/types';
import { webhooksService } from '../wiring/webhooks';

/**
 * GET /api/event-types: the names webhooks can subscribe to, e.g. ["appointment.created", "license.purchased"]
 * (the spec's client reads a list of names; the Partner API's /v1/event-types has descriptions).
 */
export const listEventTypes: DeveloperHandler = async () => ok(await webhooksService.eventTypeNames());
