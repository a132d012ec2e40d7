import { PagedLimitQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/poll-summary?limit=&cursor=: polls that found nothing, counted per hour, newest first. */
export const pollSummary: AdminHandler = async (req) => {
  const { limit, cursor } = parse(PagedLimitQuery, req.query);
  const page = await syncService.pollHours(limit, cursor);
  return ok({ hours: page.items, next_cursor: page.next_cursor });
};
