import { HistoryQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/history?limit=&cursor=&sync_type=&status=: a page of runs, newest first. */
export const syncHistory: AdminHandler = async (req) => {
  const { limit, cursor, sync_type, status } = parse(HistoryQuery, req.query);
  const page = await syncService.history({ limit, cursor, status, types: sync_type ? [sync_type] : undefined });
  return ok({ runs: page.items, next_cursor: page.next_cursor });
};
