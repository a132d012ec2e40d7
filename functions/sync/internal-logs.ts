import { INTERNAL_SYNC_TYPES, PagedLimitQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/logs?limit=&cursor=: a page of the catalogue runs, newest first. */
export const internalLogs: AdminHandler = async (req) => {
  const { limit, cursor } = parse(PagedLimitQuery, req.query);
  const page = await syncService.history({ limit, cursor, types: [...INTERNAL_SYNC_TYPES, 'full_sync'] });
  return ok({ logs: page.items, next_cursor: page.next_cursor });
};
