import { SYNC_MSG, TriggerSyncBody } from '@shared/schemas/sync';
import { audit } from '../http/audit';
import type { AdminHandler } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** POST /api/admin/sync/trigger {sync_type}: 202 with the queued run; 409 while one of its type runs. */
export const triggerSync: AdminHandler = async (req) => {
  const { sync_type } = parse(TriggerSyncBody, req.body);
  const run = await syncService.trigger(sync_type, req.auth.email);
  audit(req, { target_id: run.id, target_label: sync_type, after: { sync_type, status: run.status } });
  return { status: 202, body: { message: SYNC_MSG.syncInitiated, run } };
};
