import { LogListQuery } from '@shared/schemas/webhooks';
import { nextPageHeaders } from '../../http/paged-array';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { webhooksService } from '../../wiring/webhooks';

/**
 * GET /api/admin/logs?limit=100 (at most 500)&cursor=: every app's delivery attempts, newest
 * first. The spec's plain array, one page of it: `X-Next-Cursor` and `Link: <…>; rel="next"` name
 * the next page when there is one.
 */
export const listWebhookLogsAsAdmin: AdminHandler = async (req) => {
  const { limit, cursor } = parse(LogListQuery, req.query);
  const page = await webhooksService.adminLogs(limit, cursor);
  return ok(page.items, nextPageHeaders(req, page.next_cursor, { limit }));
};
