import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/admin/sync/queue/status: depth, in flight, failed (dead-lettered) items with their error. */
export const queueStatus: AdminHandler = async () => ok(await syncService.queueStatus());
