import { AppIdParams, CreateWebhookRequest } from '../../shared/schemas/webhooks';
import { created, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from './service';

/**
 * POST /api/apps/{id}/webhooks {event_type, target_url, secret?, is_active?}: 201 with the webhook.
 * The secret is generated (whsec_...) when empty.
 */
export const createWebhook: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const input = parse(CreateWebhookRequest, req.body);
  return created(await webhooksService().create(req.auth!.userId, id, input));
};
