import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** POST /api/admin/sync/queue/retry-failed: re-drives dead-lettered sync jobs; says how many. */
export const queueRetryFailed: AdminHandler = async () => ok(await syncService.retryFailed());
