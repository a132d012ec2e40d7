import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/event-types: the internal system's event types (removed ones flagged). */
export const listInternalEventTypes: AdminHandler = async () =>
  ok({ event_types: await syncService.queries.eventTypes() });
