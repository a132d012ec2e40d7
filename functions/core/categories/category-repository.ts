import type { CategoryRecord } from './category';

/**
 * Storage of categories, implemented in functions/adapters/dynamodb/categories-repo.ts. Slugs
 * are unique through a reservation item written with a condition, never by read-then-write.
 */
export interface CategoryRepository {
  /** All categories (active or not) in display order: one index Query. */
  list(): Promise<CategoryRecord[]>;
  getById(id: string): Promise<CategoryRecord | undefined>;
  /** Throws ConflictError(slug taken) or ConflictError(id taken). */
  create(category: CategoryRecord): Promise<void>;
  /** Reserves `slug` for category `id`; idempotent for the same id; ConflictError if another has it. */
  reserveSlug(slug: string, id: string): Promise<void>;
  /**
   * Stores `next` if the stored slug is still `previous.slug`, releasing the old slug when it changed
   * (unless `holdOldSlug`: its apps are still being re-filed off it, the re-filing releases it).
   */
  commitUpdate(previous: CategoryRecord, next: CategoryRecord, opts?: { holdOldSlug?: boolean }): Promise<void>;
  /** Deletes the category and releases its slug (unless `holdSlug`, as commitUpdate). */
  delete(category: CategoryRecord, opts?: { holdSlug?: boolean }): Promise<void>;
}

/** What the category service needs to know and do about the apps filed under a category. */
export interface CategoryAppsPort {
  /** Apps per category slug, every type and state (admin counts): the category counters, one bounded read. */
  countAllByCategory(): Promise<Map<string, number>>;
  /** Marketplace-eligible apps per category slug (public counts). */
  countMarketByCategory(): Promise<Map<string, number>>;
  /** Apps (every type and state) filed under one slug: its counter, one item. */
  countInCategory(slug: string): Promise<number>;
}

/**
 * Re-filing a category's apps under a new slug and/or name: a write that touches each app, so it is
 * asked for here and done in pages outside the request (the sync worker's `refile-category` job,
 * core/categories/category-jobs.ts).
 */
export interface CategoryRefiling {
  /**
   * `release`: the old slug, held by its category until the last app is off it (so a new category
   * taking it cannot have its apps moved too), freed by the re-filing's last page.
   */
  request(
    fromSlug: string,
    to: { slug: string; name: string },
    release?: { slug: string; category_id: string },
  ): Promise<void>;
}

/** One page of a re-filing (adapters/dynamodb/apps-repo.ts refilePage). */
export interface CategoryRefilePages {
  refilePage(
    fromSlug: string,
    to: { slug: string; name: string },
    cursor: string | undefined,
    limit: number,
  ): Promise<{ moved: number; next_cursor: string | null }>;
}
