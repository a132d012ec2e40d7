import type { AppCard, PublicApp } from '@shared/schemas/apps';
import type { Category as SharedCategory } from '@shared/schemas/categories';

/**
 * The marketplace's types are the API contract's (shared/schemas). Only the types are imported:
 * parsing with zod in the browser would put the schema library into the visitor's first download.
 */
export type MarketplaceApp = AppCard;
export type AppDetail = PublicApp;
export type Category = SharedCategory;

/** A page of GET /api/marketplace/apps/category/{slug}, normalised (a missing category reads as null). */
export interface CategoryApps {
  category: Category | null;
  apps: MarketplaceApp[];
  /** null on the last page. */
  next_cursor: string | null;
  /** Matching apps over all pages. */
  total: number;
}
