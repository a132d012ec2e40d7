import { AppIdParams } from '@shared/schemas/apps';
import { LogListQuery } from '@shared/schemas/webhooks';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/** GET /api/apps/{id}/webhook-logs?limit=100: the app's delivery attempts, newest first (owner only). */
export const listWebhookLogs: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { limit } = parse(LogListQuery, req.query);
  return ok(await webhooksService.appLogs(req.auth.userId, id, limit));
};
