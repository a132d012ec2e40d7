import { AppIdParams } from '@shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/** GET /api/apps/{id}/webhooks: the app's webhooks with their secrets (owner only). */
export const listWebhooks: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await webhooksService.list(req.auth.userId, id));
};
