import { type MarketplaceQuery, MarketplaceQuerySchema } from '../../shared/schemas/apps';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';

/** Cache key of a parsed list query (q is matched case-insensitively, so its case does not matter). */
export const queryKey = (q: MarketplaceQuery): string =>
  JSON.stringify([
    q.q?.toLowerCase() ?? '',
    q.category ?? '',
    q.sort,
    q.limit ?? null,
    q.cursor ?? null,
    q.works_with ?? '',
  ]);

/**
 * GET /api/marketplace/apps[?q=&category=&sort=&limit=&cursor=]: listed apps. Without limit and
 * cursor a plain array (what the spec's client reads); with either, {items, next_cursor, total}.
 */
export const listApps: RouteHandler = async (req) => {
  const query = parse(MarketplaceQuerySchema, req.query);
  return answerCache.answer(`apps:${queryKey(query)}`, () => marketplace.listApps(query));
};
