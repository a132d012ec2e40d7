import type { SortOption } from '@shared/constants';
import type { MarketplaceApp } from '../types';
import { priceValue } from './pricing';

/** Search over name and description, case-insensitively (docs/spec.md section 2). */
export function matchesSearch(app: MarketplaceApp, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [app.name, app.description, app.short_description].some((text) => text?.toLowerCase().includes(q));
}

/** Apps are filed by category name; category_slug, when present, matches the category exactly. */
/** Whether the app declares the practice system ('' = any). */
export const worksWith = (app: Pick<MarketplaceApp, 'practice_systems'>, system: string): boolean =>
  !system || (app.practice_systems ?? []).includes(system as MarketplaceApp['practice_systems'][number]);

export function inCategory(
  app: Pick<MarketplaceApp, 'category' | 'category_slug'>,
  category: { name: string; slug: string } | undefined,
): boolean {
  if (!category) return true;
  if (app.category_slug && app.category_slug === category.slug) return true;
  return app.category?.trim().toLowerCase() === category.name.toLowerCase();
}

const byName = (a: MarketplaceApp, b: MarketplaceApp) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

const COMPARATORS: Record<SortOption, (a: MarketplaceApp, b: MarketplaceApp) => number> = {
  name: byName,
  price_low: (a, b) => priceValue(a) - priceValue(b) || byName(a, b),
  price_high: (a, b) => priceValue(b) - priceValue(a) || byName(a, b),
  rating: (a, b) =>
    (Number(b.average_rating) || 0) - (Number(a.average_rating) || 0) ||
    (Number(b.review_count) || 0) - (Number(a.review_count) || 0) ||
    byName(a, b),
};

/** A sorted copy; ties fall back to the name so the order is stable between renders. */
export const sortApps = (apps: readonly MarketplaceApp[], sort: SortOption): MarketplaceApp[] =>
  [...apps].sort(COMPARATORS[sort]);

export const isSortOption = (value: string | null): value is SortOption =>
  value !== null && Object.hasOwn(COMPARATORS, value);

/** Comma-separated tags as separate, trimmed, non-empty tags. */
export const splitTags = (tags: string | null | undefined): string[] => [
  ...new Set(
    (tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** Where a card leads: the slug when present, otherwise the id (docs/spec.md route table). */
export const appKey = (app: Pick<MarketplaceApp, 'slug' | 'id'>): string => app.slug || app.id;
