import type { AppType, LicensingType, PricePeriod, PricingModel } from '@shared/constants';
import type { PermissionsDeclaration } from '@shared/schemas/permissions';

/**
 * The App as the domain keeps it. Field names follow the API (snake_case) so mappers stay short;
 * money is integer cents (price_cents), tags and other lists are arrays. Fields marked SECRET are
 * licensing material: they never leave the server except in the owner's own edit view.
 */
export interface AppRecord {
  id: string;
  slug: string;
  name: string;
  type: AppType;
  /** Owner (developer) id. */
  user_id: string;
  description?: string;
  short_description?: string;
  long_description?: string;
  tagline?: string;
  /** Category NAME as the spec files it; kept in step with the category by the category service. */
  category?: string;
  /** The category's slug: what indexes and marketplace visibility use. */
  category_slug?: string;
  tags: string[];
  website_url?: string;
  demo_url?: string;
  documentation_url?: string;
  support_url?: string;
  privacy_policy_url?: string;
  terms_url?: string;
  icon_url?: string;
  logo_url?: string;
  screenshots: string[];
  demo_video_url?: string;
  key_features: string[];
  use_cases: string[];
  integrations: string[];
  pricing_model?: PricingModel;
  /** Integer cents; 0 for free apps. */
  price_cents: number;
  price_period?: PricePeriod;
  free_trial_days?: number;
  refund_policy?: string;
  company_name?: string;
  company_size?: string;
  founded_year?: number;
  target_audience?: string;
  unique_selling_points: string[];
  competitor_comparison?: string;
  customer_testimonials: string[];
  licensing_type?: LicensingType;
  /** SECRET: the code every buyer receives (licensing_type universal_code). */
  universal_access_code?: string;
  /** SECRET: instructions mailed to buyers (licensing_type manual). */
  licensing_instructions?: string;
  /** SECRET: the developer's licence endpoint (licensing_type webhook). */
  webhook_license_url?: string;
  /** SECRET: signs licence webhook calls (created by checkout on first use; whsec_...). */
  license_webhook_secret?: string;
  /** Practice-management systems the app works with (shared/practice-systems.ts values). */
  practice_systems?: string[];
  /**
   * Derived, never written by an app save: the average of the visible verified reviews (2
   * decimals; 0 without any), computed from rating_counts.
   */
  average_rating: number;
  /** Derived from rating_counts: the number of visible verified reviews. */
  review_count?: number;
  /** COUNTER (stored as stars_1..stars_5): visible verified reviews per star, kept by the reviews repository. */
  rating_counts?: RatingCounts;
  /** COUNTER: active licences (completed, not refunded purchases), kept by the purchases repository. */
  installations: number;
  /** Admin approval for the marketplace (public apps). */
  is_approved: boolean;
  /** Admin suspension: removed from the marketplace until approved again. */
  is_suspended: boolean;
  /** When an admin last suspended the app (cleared by the next approval). */
  suspended_at?: string;
  /** The reason the admin gave when suspending, shown to the developer (cleared by the next approval). */
  suspension_reason?: string;
  /**
   * Material edits of an approved app: which listing fields changed since an
   * admin last looked, for App Management and the admin dashboard; cleared by the admin.
   */
  review_flag?: ReviewFlag;
  /**
   * While a material edit of an approved app waits for review: the values an admin last reviewed
   * (core/apps/review.ts). Public readers show these (reviewedView); absent when nothing waits.
   */
  reviewed?: ReviewedSnapshot;
  created_at: string;
  updated_at: string;
  /** Optimistic-locking counter, bumped by every write. */
  version: number;
}

/** What a new app holds before its owner fills its lists in or anyone buys it: empty lists, no ratings, no licences. */
export const newAppContent = () => ({
  tags: [] as string[],
  screenshots: [] as string[],
  key_features: [] as string[],
  use_cases: [] as string[],
  integrations: [] as string[],
  unique_selling_points: [] as string[],
  customer_testimonials: [] as string[],
  price_cents: 0,
  average_rating: 0,
  installations: 0,
});

export type RatingStar = '1' | '2' | '3' | '4' | '5';
export const RATING_STARS: readonly RatingStar[] = ['1', '2', '3', '4', '5'];
export type RatingCounts = Record<RatingStar, number>;
export const emptyRatingCounts = (): RatingCounts => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

/** Average (2 decimals, 0 without reviews) and count of a star distribution. */
export function ratingSummary(counts: RatingCounts): { average_rating: number; review_count: number } {
  let n = 0;
  let sum = 0;
  for (const star of RATING_STARS) {
    const c = Math.max(0, counts[star] ?? 0);
    n += c;
    sum += c * Number(star);
  }
  return { average_rating: n > 0 ? Math.round((sum / n) * 100) / 100 : 0, review_count: n };
}

/** Attributes the marketplace list and the app card need: the list Query projects only these. */
export const APP_CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'type',
  'short_description',
  'description',
  'tagline',
  'category',
  'category_slug',
  'icon_url',
  'pricing_model',
  'price_cents',
  'price_period',
  'free_trial_days',
  'average_rating',
  'review_count',
  'rating_counts',
  'installations',
  'practice_systems',
  'user_id',
  'company_name',
  'created_at',
  'tags',
  'is_approved',
  'is_suspended',
  'reviewed',
] as const satisfies ReadonlyArray<keyof AppRecord>;

export type AppCardRecord = Pick<AppRecord, (typeof APP_CARD_FIELDS)[number]>;

/** Fields a licence secret lives in; public mappers never copy them (see app-mappers.ts). */
export const APP_SECRET_FIELDS = [
  'license_keys',
  'universal_access_code',
  'licensing_instructions',
  'webhook_license_url',
  'license_webhook_secret',
] as const;

/**
 * Eligible for the marketplace index: a public app an admin approved and has not suspended.
 * Listed additionally needs its category to be active (checked at read time, see isListed).
 */
export const isMarketEligible = (app: Pick<AppRecord, 'type' | 'is_approved' | 'is_suspended'>): boolean =>
  app.type === 'public' && app.is_approved === true && app.is_suspended !== true;

/** Visible to everyone in the marketplace: eligible and filed under an active category. */
export const isListed = (
  app: Pick<AppRecord, 'type' | 'is_approved' | 'is_suspended' | 'category_slug'>,
  activeCategorySlugs: ReadonlySet<string>,
): boolean => isMarketEligible(app) && !!app.category_slug && activeCategorySlugs.has(app.category_slug);

/**
 * The sort key that orders apps by name, case- and accent-insensitively, ties by id. Every run
 * of characters other than letters and digits becomes one space and the id follows " #", which
 * sorts below any letter or digit, so "Abc" < "Abc Dental" < "Abc2" both in DynamoDB (byte order)
 * and in memory. Used as the marketplace GSI sort key, so name order comes from the index.
 */
export function appNameSortKey(name: string, id: string): string {
  const normalized = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 200);
  return `${normalized} #${id}`;
}

export interface ReviewFlag {
  /** Labels of the material fields that differ from the reviewed values, e.g. name, price, data_access. */
  fields: string[];
  /** ISO 8601 of the latest flagged edit. */
  flagged_at: string;
}

/**
 * Material fields: every field the public page shows, the licensing set-up and the publisher. A
 * change of one of them on an approved app waits for an admin's review (core/apps/review.ts).
 */
export const MATERIAL_FIELDS = [
  'name',
  'tagline',
  'short_description',
  'description',
  'long_description',
  'category',
  'category_slug',
  'tags',
  'website_url',
  'demo_url',
  'documentation_url',
  'support_url',
  'privacy_policy_url',
  'terms_url',
  'icon_url',
  'logo_url',
  'screenshots',
  'demo_video_url',
  'key_features',
  'use_cases',
  'integrations',
  'pricing_model',
  'price_cents',
  'price_period',
  'free_trial_days',
  'refund_policy',
  'company_name',
  'company_size',
  'founded_year',
  'target_audience',
  'unique_selling_points',
  'competitor_comparison',
  'customer_testimonials',
  'practice_systems',
  'licensing_type',
  'universal_access_code',
  'licensing_instructions',
  'webhook_license_url',
] as const satisfies ReadonlyArray<keyof AppRecord>;
export type MaterialField = (typeof MATERIAL_FIELDS)[number];

/** The reviewed values of an approved app while a change waits (absent keys: the field was empty). */
export interface ReviewedSnapshot {
  listing: Partial<Pick<AppRecord, MaterialField>>;
  /**
   * The permissions declaration as reviewed, present only while a declaration change waits (null:
   * none was declared when it was reviewed).
   */
  data_access?: PermissionsDeclaration | null;
  /** The declaration waiting for review (with data_access), for the admin's diff. */
  data_access_now?: PermissionsDeclaration | null;
  /** When the first waiting change was made. */
  taken_at: string;
}
