import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/status: last catalogue sync, whether one runs, current counts. */
export const internalStatus: AdminHandler = async () => ok(await syncService.internalStatus());
