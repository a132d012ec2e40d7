import { ok } from '../http/types';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** GET /v1/event-types: the event types webhooks can subscribe to. */
export const listEventTypes = withApiKey(async () => ok(await partner.eventTypes()));
