import { SYNC_MSG } from '@shared/schemas/sync';
import { audit } from '../http/audit';
import type { AdminHandler } from '../http/types';
import { syncService } from '../wiring/sync';

/** POST /api/internal-sync/load: a full_sync of the catalogue; 202 with the run, 409 while one runs. */
export const internalLoad: AdminHandler = async (req) => {
  const run = await syncService.trigger('full_sync', req.auth.email);
  audit(req, { target_id: run.id, target_label: 'full_sync', after: { sync_type: 'full_sync', status: run.status } });
  return { status: 202, body: { message: SYNC_MSG.internalSyncStarted, run } };
};
