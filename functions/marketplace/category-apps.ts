import { MSG } from '@shared/messages';
import { MarketplaceQuerySchema } from '@shared/schemas/apps';
import * as z from 'zod';
import { prepared } from '../http/answer-cache';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { queryKey, unpagedHeaders } from './list-apps';

const Params = z.object({ slug: z.string().trim().min(1, MSG.categoryNotFound).max(80, MSG.categoryNotFound) });

/**
 * GET /api/marketplace/apps/category/{slug}: {category, apps}; unknown or inactive -> 404
 * 'Category not found'. category.app_count is the category's counter. Accepts the list's optional
 * q, works_with, sort, limit and cursor; unpaged, at most MARKETPLACE_UNPAGED_MAX apps as the list.
 */
export const categoryApps: RouteHandler = async (req) => {
  const { slug } = parse(Params, req.params);
  const query = parse(MarketplaceQuerySchema, req.query);
  return answerCache.answer(`category:${slug}:${queryKey(query)}`, async () => {
    const answer = await marketplace.categoryApps(slug, query);
    return prepared(answer.json, { headers: unpagedHeaders(req.path, query, answer), keep: answer.fresh });
  });
};
