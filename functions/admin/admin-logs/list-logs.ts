import { LogListQuery } from '../../../shared/schemas/webhooks';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { webhooksService } from '../../wiring/webhooks';

/** GET /api/admin/logs?limit=100 (at most 500): every app's delivery attempts, newest first. */
export const listWebhookLogsAsAdmin: AdminHandler = async (req) => {
  const { limit } = parse(LogListQuery, req.query);
  return ok(await webhooksService.adminLogs(limit));
};
