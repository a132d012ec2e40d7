import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** POST /api/admin/sync/polling/stop: 409 while polling is not active. */
export const pollingStop: AdminHandler = async (req) => {
  const result = await syncService.stopPolling();
  audit(req, { before: { polling_active: true }, after: { polling_active: false } });
  return ok(result);
};
