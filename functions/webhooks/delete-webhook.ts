import { WEBHOOK_DELETED, WebhookIdParams } from '@shared/schemas/webhooks';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/** DELETE /api/webhooks/{id} (owner only): pending retries of its deliveries stop. */
export const deleteWebhook: DeveloperHandler = async (req) => {
  const { id } = parse(WebhookIdParams, req.params);
  await webhooksService.remove(req.auth.userId, id);
  audit(req, { before: { exists: true }, after: { exists: false } });
  return ok({ message: WEBHOOK_DELETED });
};
