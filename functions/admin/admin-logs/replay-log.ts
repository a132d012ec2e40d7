import { WebhookLogIdParams } from '@shared/schemas/webhooks';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { webhooksService } from '../../wiring/webhooks';

/**
 * POST /api/admin/logs/{id}/replay: delivers the logged event again (same payload, same
 * webhook-id) through the queue; only failed attempts (status 400 or more, or no answer), else 409.
 */
export const replayWebhookLog: AdminHandler = async (req) => {
  const { id } = parse(WebhookLogIdParams, req.params);
  const result = await webhooksService.replay(id);
  audit(req, { after: { delivery_id: result.delivery_id } });
  return ok(result);
};
