import { AppIdParams } from '../../shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/**
 * GET /api/apps/{id}/analytics: the owner's public app only (another developer's app reads as
 * missing; other types get 400 'Analytics is only available for public apps'). Totals count
 * completed purchases only.
 */
export const appAnalytics: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  return ok(await purchases.analytics(req.auth.userId, id));
};
