import { ok, type RouteHandler } from '../http/types';
import { syncService } from './service';

/** POST /api/admin/sync/polling/stop: 409 while polling is not active. */
export const pollingStop: RouteHandler = async () => ok(await syncService().stopPolling());
