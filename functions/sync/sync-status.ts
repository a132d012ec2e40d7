import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/status: legacy (users_synced, polling), internal last sync, current counts, running types. */
export const syncStatus: AdminHandler = async () => ok(await syncService.status());
