import * as z from 'zod';
import { CATEGORY_LIMITS, CATEGORY_MSG, CATEGORY_SLUG_PATTERN } from '../rules/categories';

export {
  CATEGORY_LIMITS,
  CATEGORY_MSG,
  CATEGORY_SLUG_PATTERN,
  type CategoryInput,
  slugifyCategoryName,
  withCategoryDefaults,
} from '../rules/categories';

/**
 * Categories as the API returns them (docs/spec.md section 3) and the admin create/update payload
 * (section 5 "Category form", section 7 admin category calls).
 */

export const CategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  /** Public list: listed (approved public) apps. Admin list: all apps filed under the category. */
  app_count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);

const required = (max: number) =>
  z
    .string({ error: CATEGORY_MSG.nameAndSlugRequired })
    .trim()
    .min(1, CATEGORY_MSG.nameAndSlugRequired)
    .max(max, `At most ${max} characters`);

/** Optional text: null and missing mean "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined);

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

/** The form parses display_order as an integer; accept a number or a numeric string. */
const displayOrder = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, CATEGORY_MSG.displayOrder)
        .transform(Number),
    ],
    {
      error: CATEGORY_MSG.displayOrder,
    },
  )
  .pipe(
    z
      .number()
      .int(CATEGORY_MSG.displayOrder)
      .min(0, CATEGORY_MSG.displayOrder)
      .max(CATEGORY_LIMITS.displayOrderMax, CATEGORY_MSG.displayOrder),
  );

/**
 * POST /api/admin/categories and PUT /api/admin/categories/{id}. Name and slug are required on
 * both; the other fields are optional. Create fills CATEGORY_DEFAULTS for missing fields; update
 * keeps the stored value of a missing field.
 */
export const CategoryPayloadSchema = z.object({
  name: required(CATEGORY_LIMITS.nameMax),
  slug: required(CATEGORY_LIMITS.slugMax).regex(CATEGORY_SLUG_PATTERN, CATEGORY_MSG.slugFormat),
  description: optionalText(CATEGORY_LIMITS.descriptionMax),
  icon: optionalText(CATEGORY_LIMITS.iconMax),
  color: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, CATEGORY_MSG.color)
      .optional(),
  ),
  display_order: z.preprocess(blankToUndefined, displayOrder.optional()),
  is_active: z
    .boolean({ error: 'is_active must be true or false' })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type CategoryPayload = z.infer<typeof CategoryPayloadSchema>;

/** DELETE /api/admin/categories/{id}?reassign_to=<slug>: move the category's apps there first. */
export const CategoryDeleteQuerySchema = z.object({
  reassign_to: z
    .string()
    .trim()
    .regex(CATEGORY_SLUG_PATTERN, 'reassign_to must be a category slug')
    .max(CATEGORY_LIMITS.slugMax)
    .optional(),
});

/** DELETE answer: how many apps were moved to the reassign_to category (0 when it had none). */
export const CategoryDeletedSchema = z.object({ message: z.string(), moved_apps: z.number().int() });
