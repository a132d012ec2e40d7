import { z } from 'zod';
import { APP_TYPES, LICENSING_TYPES, PRICE_PERIODS, PRICING_MODELS, SORT_OPTIONS } from '../constants';
import { CategorySchema } from './categories';

/**
 * Apps as the API returns them (SPEC.md section 3). Money is in dollars here (the server keeps
 * integer cents); tags are one comma-separated string; absent optional values are null.
 *
 * - AppCardSchema: what GET /api/marketplace/apps and the category page return per app (the
 *   app card and the home page).
 * - PublicAppSchema: the app detail page (GET /api/marketplace/apps/by-slug/{slug}).
 * - AppSchema: the owner's and the admin's view; adds the moderation state. Licensing secrets
 *   (license_keys, universal_access_code, licensing_instructions, webhook_license_url) are in
 *   none of these: the developer-apps API adds them to the owner's edit view only.
 */

const text = z.string().nullable();
const list = z.array(z.string());

export const AppCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(APP_TYPES),
  short_description: text,
  description: text,
  tagline: text,
  /** Category name (the spec files apps by name); category_slug links to the category page. */
  category: text,
  category_slug: text,
  icon_url: text,
  pricing_model: z.enum(PRICING_MODELS).nullable(),
  /** Dollars. 0 for free apps. */
  price: z.number(),
  price_period: z.enum(PRICE_PERIODS).nullable(),
  free_trial_days: z.number().int().nullable(),
  average_rating: z.number(),
  installations: z.number().int(),
  user_id: z.string(),
  company_name: text,
  created_at: z.string(),
  /** Comma-separated. */
  tags: z.string(),
});
export type AppCard = z.infer<typeof AppCardSchema>;

export const PublicAppSchema = AppCardSchema.extend({
  long_description: text,
  website_url: text,
  demo_url: text,
  documentation_url: text,
  support_url: text,
  privacy_policy_url: text,
  terms_url: text,
  logo_url: text,
  screenshots: list,
  demo_video_url: text,
  key_features: list,
  use_cases: list,
  integrations: list,
  refund_policy: text,
  company_size: text,
  founded_year: z.number().int().nullable(),
  target_audience: text,
  unique_selling_points: list,
  competitor_comparison: text,
  customer_testimonials: list,
  licensing_type: z.enum(LICENSING_TYPES).nullable(),
  is_approved: z.boolean(),
  updated_at: z.string(),
});
export type PublicApp = z.infer<typeof PublicAppSchema>;

export const AppSchema = PublicAppSchema.extend({
  is_suspended: z.boolean(),
});
export type App = z.infer<typeof AppSchema>;

export const MARKETPLACE_PAGE_MAX = 100;

/**
 * Query of GET /api/marketplace/apps (and of the category call). All optional. Without limit and
 * cursor the answer is the plain array the spec's client expects; with either of them it is a
 * MarketplacePage ({items, next_cursor, total}).
 */
export const MarketplaceQuerySchema = z.object({
  /** Case-insensitive match on name, description or short description. */
  q: z.string().trim().max(100, 'q: at most 100 characters').optional(),
  /** Category slug or name. */
  category: z.string().trim().max(80, 'category: at most 80 characters').optional(),
  sort: z.enum(SORT_OPTIONS, { error: `sort must be one of ${SORT_OPTIONS.join(', ')}` }).default('name'),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MARKETPLACE_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${MARKETPLACE_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${MARKETPLACE_PAGE_MAX}`)
    .max(MARKETPLACE_PAGE_MAX, `limit must be a whole number from 1 to ${MARKETPLACE_PAGE_MAX}`)
    .optional(),
  /** Opaque; the next_cursor of the previous page. */
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const MarketplacePageSchema = z.object({
  items: z.array(AppCardSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
  /** Matching apps over all pages. */
  total: z.number().int(),
});
export type MarketplacePage = z.infer<typeof MarketplacePageSchema>;

export const MarketplaceAppsSchema = z.union([z.array(AppCardSchema), MarketplacePageSchema]);

/** GET /api/marketplace/apps/category/{slug}; next_cursor and total only when paged. */
export const CategoryAppsSchema = z.object({
  category: CategorySchema,
  apps: z.array(AppCardSchema),
  next_cursor: z.string().nullable().optional(),
  total: z.number().int().optional(),
});
export type CategoryApps = z.infer<typeof CategoryAppsSchema>;

export const SlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'App not found').max(200, 'App not found'),
});
