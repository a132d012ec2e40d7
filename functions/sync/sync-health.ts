import { ok, type RouteHandler } from '../http/types';
import { syncService } from './service';

/** GET /api/admin/sync/health: each real component measured now, with how it was measured. */
export const syncHealth: RouteHandler = async () => ok(await syncService().health());
