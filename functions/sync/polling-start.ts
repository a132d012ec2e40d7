import { PollingStartQuery } from '@shared/schemas/sync';
import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** POST /api/admin/sync/polling/start?interval=: 409 while polling is active. */
export const pollingStart: AdminHandler = async (req) => {
  const { interval } = parse(PollingStartQuery, req.query);
  const { result, before } = await syncService.startPolling(interval);
  audit(req, { before, after: { polling_active: result.polling_active, interval_seconds: result.interval_seconds } });
  return ok(result);
};
