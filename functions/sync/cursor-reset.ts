import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/**
 * POST /api/admin/sync/cursor/reset: a stored cursor behind the legacy system's newest moves back
 * to it (health reads degraded while it is behind); 409 when it is not behind or a run is going.
 */
export const cursorReset: AdminHandler = async (req) => {
  const result = await syncService.resetCursor();
  audit(req, { before: { cursor: result.previous_cursor }, after: { cursor: result.cursor } });
  return ok(result);
};
