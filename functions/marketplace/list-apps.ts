import { MARKETPLACE_PAGE_MAX } from '@shared/constants';
import { type MarketplaceQuery, MarketplaceQuerySchema } from '@shared/schemas/apps';
import { prepared } from '../http/answer-cache';
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
 * Headers of an unpaged answer: how many apps match (`X-Total-Count`) and, past the cap, where the
 * next page is (`Link: <path?...&limit=100&cursor=...>; rel="next"`, the paged form of the same query).
 */
export function unpagedHeaders(
  path: string,
  query: MarketplaceQuery,
  answer: { paged: boolean; total: number; next_cursor: string | null },
): Record<string, string> {
  if (answer.paged) return {};
  const headers: Record<string, string> = { 'x-total-count': String(answer.total) };
  if (answer.next_cursor) {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.category) params.set('category', query.category);
    if (query.works_with) params.set('works_with', query.works_with);
    if (query.sort !== 'name') params.set('sort', query.sort);
    params.set('limit', String(MARKETPLACE_PAGE_MAX));
    params.set('cursor', answer.next_cursor);
    headers.link = `<${path}?${params}>; rel="next"`;
  }
  return headers;
}

/**
 * GET /api/marketplace/apps[?q=&category=&works_with=&sort=&limit=&cursor=]: listed apps. Without
 * limit and cursor the spec's plain array, at most MARKETPLACE_UNPAGED_MAX apps (X-Total-Count and
 * a Link to the next page say what is left); with either, {items, next_cursor, total}. Every
 * answer is at most 1 MB of cards.
 */
export const listApps: RouteHandler = async (req) => {
  const query = parse(MarketplaceQuerySchema, req.query);
  return answerCache.answer(`apps:${queryKey(query)}`, async () => {
    const answer = await marketplace.listApps(query);
    return prepared(answer.json, { headers: unpagedHeaders(req.path, query, answer), keep: answer.fresh });
  });
};
