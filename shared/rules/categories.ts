/**
 * Category rules without zod (limits, the slug pattern, messages, the create defaults), for the
 * server's category services and the storefront renderer, which validate nothing with them, as well
 * as the schemas in shared/schemas/categories.ts (which re-exports them).
 */
import { CATEGORY_DEFAULTS } from '../constants';

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9-]+$/;
export const CATEGORY_LIMITS = {
  nameMax: 80,
  slugMax: 80,
  descriptionMax: 500,
  iconMax: 64,
  displayOrderMax: 99_999,
  /** Categories in all: a curated list every marketplace request reads in one bounded Query. */
  countMax: 200,
};

export const CATEGORY_MSG = {
  nameAndSlugRequired: 'Name and slug are required',
  slugFormat: 'Slug may only contain lowercase letters, numbers and hyphens',
  slugTaken: 'A category with this slug already exists',
  displayOrder: `Display order must be a whole number between 0 and ${CATEGORY_LIMITS.displayOrderMax}`,
  color: 'Color must be a hex colour such as #3B82F6',
  tooMany: `There can be at most ${CATEGORY_LIMITS.countMax} categories: deactivate or delete one first`,
} as const;

/**
 * The category form's slug from a name: lowercase, whitespace to hyphens, everything except a-z,
 * 0-9 and hyphen removed. Outer spaces are trimmed first, so 'Imaging ' does not become 'imaging-'
 * while the admin types.
 */
export const slugifyCategoryName = (name: string): string =>
  name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');

/** A parsed payload as services take it: name and slug, the rest optional. */
export interface CategoryInput {
  name: string;
  slug: string;
  description?: string;
  icon?: string;
  color?: string;
  display_order?: number;
  is_active?: boolean;
}

/** A create payload with the spec's defaults applied (color #3B82F6, display_order 0, active). */
export const withCategoryDefaults = (p: CategoryInput) => ({
  name: p.name,
  slug: p.slug,
  description: p.description ?? '',
  icon: p.icon ?? '',
  color: p.color ?? CATEGORY_DEFAULTS.color,
  display_order: p.display_order ?? CATEGORY_DEFAULTS.display_order,
  is_active: p.is_active ?? CATEGORY_DEFAULTS.is_active,
});
