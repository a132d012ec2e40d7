import { AppIdParams } from '@shared/schemas/apps';
import { AppAnalyticsQuery } from '@shared/schemas/checkout';
import { nextPageHeaders } from '../http/paged-array';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/**
 * GET /api/apps/{id}/analytics?limit=&cursor=: the owner's public app only (another developer's app
 * reads as missing; other types get 400 'Analytics is only available for public apps'). Totals
 * count completed purchases only (the app's sales counters); customers and recent purchases come
 * from one page of the app's sales, newest first, the next page named by `X-Next-Cursor` and
 * `Link: rel="next"`.
 */
export const appAnalytics: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { limit, cursor } = parse(AppAnalyticsQuery, req.query);
  const { analytics, next_cursor } = await purchases.analytics(req.auth.userId, id, { limit, cursor });
  return ok(analytics, nextPageHeaders(req, next_cursor, { limit }));
};
