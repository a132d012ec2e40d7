import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/health: each real component measured now, with how it was measured. */
export const syncHealth: AdminHandler = async () => ok(await syncService.health());
