import { ok, type RouteHandler } from '../http/types';
import { syncService } from './service';

/** GET /api/admin/sync/status: legacy (users_synced, polling), internal last sync, current counts, running types. */
export const syncStatus: RouteHandler = async () => ok(await syncService().status());
