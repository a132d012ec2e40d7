import { orderPracticeSystems } from '@shared/practice-systems';
import type { App, AppCard, PublicApp } from '@shared/schemas/apps';
import type { AppCardRecord, AppRecord } from './app';

/**
 * Domain -> API mappers. Each lists its fields explicitly, so a stored field (a licence secret,
 * an index attribute) can only reach a response if someone writes it here on purpose.
 */

const orNull = <T>(v: T | undefined | null): T | null => (v === undefined || v === null || v === '' ? null : v);
const listOf = (v: readonly string[] | undefined): string[] => (Array.isArray(v) ? [...v] : []);

/** Integer cents -> dollars for the API. */
export const centsToDollars = (cents: number | undefined): number => Math.round(cents ?? 0) / 100;
/** Dollars from the API -> integer cents (rounded to the cent). */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** Tags travel as one comma-separated string (spec section 3). */
export const tagsToString = (tags: readonly string[] | undefined): string => listOf(tags).join(', ');
export const tagsFromString = (tags: string | readonly string[] | undefined | null): string[] => {
  const parts = Array.isArray(tags) ? tags : typeof tags === 'string' ? tags.split(',') : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const tag = String(raw).trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
};

/**
 * The marketplace card. `categoryName` is the current name of the app's category (resolved from
 * its slug at read time, so a renamed category shows its new name at once).
 */
export function toAppCard(app: AppCardRecord, categoryName?: string): AppCard {
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    type: app.type,
    short_description: orNull(app.short_description),
    description: orNull(app.description),
    tagline: orNull(app.tagline),
    category: orNull(categoryName ?? app.category),
    category_slug: orNull(app.category_slug),
    icon_url: orNull(app.icon_url),
    pricing_model: orNull(app.pricing_model),
    price: centsToDollars(app.price_cents),
    price_period: orNull(app.price_period),
    free_trial_days: orNull(app.free_trial_days),
    average_rating: app.average_rating ?? 0,
    installations: Math.max(0, app.installations ?? 0),
    review_count: app.review_count ?? 0,
    practice_systems: orderPracticeSystems(app.practice_systems ?? []),
    user_id: app.user_id,
    company_name: orNull(app.company_name),
    created_at: app.created_at,
    tags: tagsToString(app.tags),
  };
}

/** The app detail page: every public field, no licensing secrets. */
export function toPublicApp(app: AppRecord, categoryName?: string): PublicApp {
  return {
    ...toAppCard(app, categoryName),
    long_description: orNull(app.long_description),
    website_url: orNull(app.website_url),
    demo_url: orNull(app.demo_url),
    documentation_url: orNull(app.documentation_url),
    support_url: orNull(app.support_url),
    privacy_policy_url: orNull(app.privacy_policy_url),
    terms_url: orNull(app.terms_url),
    logo_url: orNull(app.logo_url),
    screenshots: listOf(app.screenshots),
    demo_video_url: orNull(app.demo_video_url),
    key_features: listOf(app.key_features),
    use_cases: listOf(app.use_cases),
    integrations: listOf(app.integrations),
    refund_policy: orNull(app.refund_policy),
    company_size: orNull(app.company_size),
    founded_year: orNull(app.founded_year),
    target_audience: orNull(app.target_audience),
    unique_selling_points: listOf(app.unique_selling_points),
    competitor_comparison: orNull(app.competitor_comparison),
    customer_testimonials: listOf(app.customer_testimonials),
    licensing_type: orNull(app.licensing_type),
    is_approved: app.is_approved === true,
    updated_at: app.updated_at,
  };
}

/**
 * The owner's and the admin's view: the public fields plus moderation state. Still no licensing
 * secrets; the developer-apps edit view adds exactly the ones its form needs.
 */
export function toOwnerApp(app: AppRecord, categoryName?: string): App {
  return { ...toPublicApp(app, categoryName), is_suspended: app.is_suspended === true };
}
