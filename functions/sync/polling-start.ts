import { PollingStartQuery } from '../../shared/schemas/sync';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from './service';

/** POST /api/admin/sync/polling/start?interval=: 409 while polling is active. */
export const pollingStart: RouteHandler = async (req) => {
  const { interval } = parse(PollingStartQuery, req.query);
  return ok(await syncService().startPolling(interval));
};
