/** Business constants and limits (docs/spec.md section 9). */
export const LIMITS = {
  passwordMin: 6,
  signupRedirectMs: 3000,
  featuredApps: 3,
  stagingDailyLimit: 500,
  productionDailyLimit: 10_000,
  taglineMax: 60,
  shortDescriptionMax: 150,
  maxScreenshots: 10,
  maxUploadBytes: 5 * 1024 * 1024,
  iconMinSize: 256,
  minKeyFeatures: 2,
  foundedYearMin: 1900,
  moneyBackDays: 30,
  platformFeePercent: 20,
  webhookLogFetchLimit: 100,
  webhookLogPageSize: 20,
  purchaseFirstFetchMs: 2000,
  purchaseRetryMs: 3000,
  syncReloadMs: 2000,
  defaultPollingInterval: 60,
  /** Bounds of the polling interval in seconds (the API refuses others with a detail). */
  minPollingInterval: 10,
  maxPollingInterval: 86_400,
  /** API keys one developer may hold (each key has its own daily quota, so unlimited keys would multiply it). */
  maxApiKeysPerDeveloper: 10,
  /** Apps one developer may hold (each app submitted mails the admins; admins create none through the API). */
  maxAppsPerDeveloper: 100,
} as const;

export const APP_TYPES = ['internal', 'partner', 'public'] as const;
export type AppType = (typeof APP_TYPES)[number];

export const PRICING_MODELS = ['free', 'freemium', 'one_time', 'subscription', 'usage_based'] as const;
/** Pricing models that charge for the licence: their price must be above 0. */
export const PAID_PRICING_MODELS = ['one_time', 'subscription', 'usage_based'] as const;
export const PAID_PRICE_REQUIRED =
  'Price must be above 0 for a paid pricing model (one_time, subscription, usage_based)';
/**
 * Whether an app's licence is granted free: the free model, or a price not above 0 (a freemium app,
 * or a paid one listed before $0 paid prices were refused). Every screen reads such an app 'Free',
 * never '$0.00', as the server grants it free.
 */
export const isFreePricing = (app: { pricing_model?: string | null; price?: number | string | null }): boolean =>
  app.pricing_model === 'free' || !(Number(app.price) > 0);
export type PricingModel = (typeof PRICING_MODELS)[number];

export const PRICE_PERIODS = ['monthly', 'yearly', 'per_user_monthly', 'per_location'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

export const LICENSING_TYPES = ['manual', 'key_pool', 'universal_code', 'webhook'] as const;
export type LicensingType = (typeof LICENSING_TYPES)[number];

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;

export const KEY_TYPES = ['staging', 'production'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/**
 * Who an account is: a developer (a vendor that builds and sells apps), a practice (a dental practice
 * that buys and uses them) or an admin. Developers and practices both buy (routes.ts access `buyer`).
 */
export const ROLES = ['developer', 'admin', 'practice'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that buy licences: checkout, My Purchases, invoices, renewals and verified reviews. */
export const BUYER_ROLES = ['developer', 'practice'] as const;
export type BuyerRole = (typeof BUYER_ROLES)[number];
export const isBuyerRole = (role: string | null | undefined): role is BuyerRole =>
  role === 'developer' || role === 'practice';

export const LICENSE_STATUSES = ['assigned', 'manual_pending', 'out_of_stock', 'active', 'revoked'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export const SORT_OPTIONS = ['name', 'price_low', 'price_high', 'rating'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * The query of a marketplace list without parameters, as MarketplaceQuerySchema (schemas/apps.ts)
 * parses `{}` (core/apps/listing.test.ts holds them equal). Here, beside the sort
 * options and free of zod, for the storefront renderer, which lists the apps without building the
 * request schemas it never validates with.
 */
export const DEFAULT_MARKETPLACE_QUERY: { sort: SortOption } = { sort: 'name' };

/**
 * The marketplace's page: what a `cursor` without `limit` answers and what the storefront shows at
 * first and adds with each "Load more" (it divides the 1-4 column grid evenly). Here, free of zod,
 * for the SPA's storefront screens (shared/schemas/apps.ts re-exports it).
 */
export const MARKETPLACE_PAGE_SIZE = 24;
/** The largest page a marketplace list answers (`limit`). */
export const MARKETPLACE_PAGE_MAX = 100;
/**
 * The most apps an unpaged call answers (GET /api/marketplace/apps, the category call): past it the
 * answer holds the first ones, `X-Total-Count` says how many match and `Link: <...>; rel="next"`
 * names the next page (the paged form, limit and cursor).
 */
export const MARKETPLACE_UNPAGED_MAX = MARKETPLACE_PAGE_MAX;
/** The most bytes of app cards one marketplace answer carries: a page ends early (with its cursor) past it. */
export const MARKETPLACE_ANSWER_MAX_BYTES = 1_000_000;
/** Longest cursor the marketplace writes (the sort key of the last app shown, base64url). */
export const MARKETPLACE_CURSOR_MAX = 512;

export const CATEGORY_DEFAULTS = { color: '#3B82F6', display_order: 0, is_active: true } as const;

export const COPYRIGHT_YEAR = 2025;
