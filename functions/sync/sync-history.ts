import { LimitQuery } from '../../shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/history?limit=: every run, newest first. */
export const syncHistory: AdminHandler = async (req) => {
  const { limit } = parse(LimitQuery, req.query);
  return ok({ runs: await syncService.history(limit) });
};
