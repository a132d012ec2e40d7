import { INTERNAL_SYNC_TYPES, LimitQuery } from '../../shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/logs?limit=: the catalogue runs, newest first. */
export const internalLogs: AdminHandler = async (req) => {
  const { limit } = parse(LimitQuery, req.query);
  return ok({ logs: await syncService.history(limit, [...INTERNAL_SYNC_TYPES, 'full_sync']) });
};
