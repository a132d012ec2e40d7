import { FeatureIdParams } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/features/{id}: 404 for an unknown feature. */
export const getFeature: AdminHandler = async (req) =>
  ok(await syncService.feature(parse(FeatureIdParams, req.params).id));
