import { FeatureIdParams, LinkEventsBody } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** POST /api/internal-sync/features/{id}/link-events: replaces the links; 400 for unknown ids. */
export const saveFeatureLinks: AdminHandler = async (req) => {
  const { id } = parse(FeatureIdParams, req.params);
  const body = parse(LinkEventsBody, req.body);
  return ok(await syncService.saveLinks(id, body, req.auth.email));
};
