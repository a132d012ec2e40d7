import type { Category } from '@shared/schemas/categories';

/** A category as the domain keeps it (spec section 3). */
export interface CategoryRecord {
  id: string;
  slug: string;
  name: string;
  description: string;
  color: string;
  /** An icon name of the SPA's icon set (react-icons Lucide, e.g. "LuUsers"). */
  icon: string;
  display_order: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const toCategory = (c: CategoryRecord, appCount: number): Category => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  description: c.description ?? '',
  color: c.color,
  icon: c.icon ?? '',
  display_order: c.display_order,
  is_active: c.is_active,
  app_count: appCount,
});

/** Display order, then name: the order of the categories grid and of the admin table. */
export const compareCategories = (a: CategoryRecord, b: CategoryRecord): number =>
  a.display_order - b.display_order || a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug);

/**
 * Finds a category by slug, else by name (case-insensitive): the spec files apps by category
 * name, the URLs use slugs, and the marketplace filter accepts either.
 */
export function findCategory<T extends Pick<CategoryRecord, 'slug' | 'name'>>(
  categories: readonly T[],
  slugOrName: string,
): T | undefined {
  const wanted = slugOrName.trim();
  const lower = wanted.toLowerCase();
  return categories.find((c) => c.slug === wanted) ?? categories.find((c) => c.name.toLowerCase() === lower);
}
