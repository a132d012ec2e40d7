import { createGroupHandler } from '../http/group-handler';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { listEventTypes } from './list-event-types';
import { listWebhookLogs } from './list-webhook-logs';
import { listWebhooks } from './list-webhooks';
import { simulateEvent } from './simulate-event';

/** Lambda of the "webhooks" route group: every route of routes.ts with group "webhooks". */
export const handler = createGroupHandler('webhooks', {
  'GET /api/event-types': listEventTypes,
  'GET /api/apps/{id}/webhooks': listWebhooks,
  'POST /api/apps/{id}/webhooks': createWebhook,
  'DELETE /api/webhooks/{id}': deleteWebhook,
  'GET /api/apps/{id}/webhook-logs': listWebhookLogs,
  'POST /api/simulate-event': simulateEvent,
});
