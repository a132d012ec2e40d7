import { FeatureIdParams } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/features/{id}/link-events: the event types and tables linked now. */
export const getFeatureLinks: AdminHandler = async (req) =>
  ok(await syncService.featureLinks(parse(FeatureIdParams, req.params).id));
