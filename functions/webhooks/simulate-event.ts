import { SimulateEventRequest } from '../../shared/schemas/webhooks';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { webhooksService } from '../wiring/webhooks';

/**
 * POST /api/simulate-event {app_id, event_type, data}: a signed test event through the real
 * pipeline; answers {summary: {webhooks, queued, event_type, delivery_ids}, message}.
 */
export const simulateEvent: DeveloperHandler = async (req) => {
  const input = parse(SimulateEventRequest, req.body);
  return ok(await webhooksService.simulate(req.auth.userId, input));
};
