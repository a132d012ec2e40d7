import type { RouteHandler } from '../http/types';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';

/** GET /api/categories: active categories in display order, each with its number of listed apps. */
export const listCategories: RouteHandler = async () =>
  answerCache.answer('categories', () => marketplace.listCategories());
