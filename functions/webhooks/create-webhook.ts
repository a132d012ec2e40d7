import { AppIdParams } from '@shared/schemas/apps';
import { CreateWebhookRequest } from '@shared/schemas/webhooks';
import { audit } from '../http/audit';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/**
 * POST /api/apps/{id}/webhooks {event_type, target_url, secret?, is_active?}: 201 with the webhook.
 * The secret is generated (whsec_...) when empty.
 */
export const createWebhook: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(CreateWebhookRequest, req.body);
  const webhook = await webhooksService.create(req.auth.userId, id, input);
  // The secret is never recorded (audit() redacts it anyway).
  audit(req, {
    target_id: webhook.id,
    target_label: webhook.target_url,
    before: null,
    after: {
      app_id: webhook.app_id,
      event_type: webhook.event_type,
      target_url: webhook.target_url,
      is_active: webhook.is_active,
    },
  });
  return created(webhook);
};
