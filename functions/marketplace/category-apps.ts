import * as z from 'zod';
import { MSG } from '../../shared/messages';
import { MarketplaceQuerySchema } from '../../shared/schemas/apps';
import type { RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { queryKey } from './list-apps';

const Params = z.object({ slug: z.string().trim().min(1, MSG.categoryNotFound).max(80, MSG.categoryNotFound) });

/**
 * GET /api/marketplace/apps/category/{slug}: {category, apps}; unknown or inactive -> 404
 * 'Category not found'. Accepts the list's optional q, sort, limit and cursor.
 */
export const categoryApps: RouteHandler = async (req) => {
  const { slug } = parse(Params, req.params);
  const query = parse(MarketplaceQuerySchema, req.query);
  return answerCache.answer(`category:${slug}:${queryKey(query)}`, () => marketplace.categoryApps(slug, query));
};
