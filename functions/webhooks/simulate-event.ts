import { SimulateEventRequest } from '@shared/schemas/webhooks';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/**
 * POST /api/simulate-event {app_id, event_type, data}: a signed test event through the real
 * pipeline; answers {summary: {webhooks, queued, event_type, delivery_ids}, message}.
 */
export const simulateEvent: DeveloperHandler = async (req) => {
  const input = parse(SimulateEventRequest, req.body);
  // The app is in the body, not the path: the audit entry names it (issue 30 finding 6).
  audit(req, { target_id: input.app_id });
  return ok(await webhooksService.simulate(req.auth.userId, input));
};
