import { ok, type RouteHandler } from '../http/types';
import { syncService } from './service';

/** GET /api/internal-sync/status: last catalogue sync, whether one runs, current counts. */
export const internalStatus: RouteHandler = async () => ok(await syncService().internalStatus());
