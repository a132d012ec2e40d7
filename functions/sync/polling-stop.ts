import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** POST /api/admin/sync/polling/stop: 409 while polling is not active. */
export const pollingStop: AdminHandler = async (req) => {
  const { result, before } = await syncService.stopPolling();
  audit(req, { before, after: { polling_active: result.polling_active, interval_seconds: before.interval_seconds } });
  return ok(result);
};
