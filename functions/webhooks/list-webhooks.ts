import { AppIdParams } from '../../shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from './service';

/** GET /api/apps/{id}/webhooks: the app's webhooks with their secrets (owner only). */
export const listWebhooks: RouteHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await webhooksService().list(req.auth!.userId, id));
};
