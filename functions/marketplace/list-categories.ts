import type { RouteHandler } from '../http/types';
import { marketplace } from '../wiring/catalogue';
import { cachedAnswer } from './answer-cache';

/** GET /api/categories: active categories in display order, each with its number of listed apps. */
export const listCategories: RouteHandler = async () => cachedAnswer('categories', () => marketplace.listCategories());
