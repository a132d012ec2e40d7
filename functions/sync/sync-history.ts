import { LimitQuery } from '../../shared/schemas/sync';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from './service';

/** GET /api/admin/sync/history?limit=: every run, newest first. */
export const syncHistory: RouteHandler = async (req) => {
  const { limit } = parse(LimitQuery, req.query);
  return ok({ runs: await syncService().history(limit) });
};
