import { escapeHtml } from '@shared/escape-html';
import type { AppCard, PublicApp } from '@shared/schemas/apps';
import type { Category } from '@shared/schemas/categories';
import { SITE } from '../../frontend/src/components/brand/site';

/**
 * The <head> of a server-rendered storefront page: its own title (the same the SPA sets while the
 * page is shown), description, canonical URL, OpenGraph and Twitter card tags, and JSON-LD.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page without its query string. */
  canonical: string;
  image?: string;
  jsonLd?: object;
  /** A page that does not exist: not to be indexed. */
  noindex?: boolean;
}

const HOME_DESCRIPTION = 'Apps for dental practices from vetted developers, and the developer portal to build them.';
const MAX_DESCRIPTION = 200;

/** JSON inside <script>: no `</script>` or comment openers can end it early. */
const scriptJson = (value: object): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const pageTitle = (title: string): string => `${title} · ${SITE.ecosystemTitle}`;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION ? flat : `${flat.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

/** Upload paths (/uploads/...) made absolute, for crawlers and link previews. */
const absolute = (origin: string, url: string | null | undefined): string | undefined =>
  url ? (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`) : undefined;

const isFree = (app: Pick<AppCard, 'pricing_model' | 'price'>): boolean =>
  app.pricing_model === 'free' || !(Number(app.price) > 0);

export const homeHead = (origin: string): PageHead => ({
  title: pageTitle('Marketplace'),
  description: HOME_DESCRIPTION,
  canonical: `${origin}/`,
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE.marketplaceTitle,
    url: `${origin}/`,
  },
});

export const categoriesHead = (origin: string, path: string): PageHead => ({
  title: pageTitle('Categories'),
  description: 'Find the right tools for every part of your practice: dental software by category.',
  canonical: `${origin}${path}`,
});

export const categoryHead = (origin: string, path: string, category: Category, appCount: number): PageHead => ({
  title: pageTitle(category.name),
  description: clip(
    category.description
      ? `${category.description} ${appCount} ${appCount === 1 ? 'app' : 'apps'} for dental practices.`
      : `${appCount} ${category.name} ${appCount === 1 ? 'app' : 'apps'} for dental practices.`,
  ),
  canonical: `${origin}${path}`,
});

/** schema.org SoftwareApplication of a listed app: its offer, and its rating only when it has one. */
export function softwareApplication(app: PublicApp, url: string, origin: string): object {
  const ratingCount =
    (app as { review_count?: unknown; rating_count?: unknown }).review_count ??
    (app as { rating_count?: unknown }).rating_count;
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: app.name,
    description: clip(app.tagline || app.short_description || app.description || app.name),
    url,
    image: absolute(origin, app.icon_url),
    applicationCategory: 'BusinessApplication',
    ...(app.category ? { applicationSubCategory: app.category } : {}),
    ...(app.company_name ? { publisher: { '@type': 'Organization', name: app.company_name } } : {}),
    offers: {
      '@type': 'Offer',
      price: isFree(app) ? '0' : Number(app.price).toFixed(2),
      priceCurrency: 'USD',
      url,
      availability: 'https://schema.org/InStock',
    },
    ...(app.average_rating > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(app.average_rating.toFixed(1)),
            bestRating: 5,
            worstRating: 1,
            ...(typeof ratingCount === 'number' && ratingCount > 0 ? { ratingCount } : {}),
          },
        }
      : {}),
  };
}

export function appHead(origin: string, path: string, app: PublicApp): PageHead {
  const canonical = `${origin}${path}`;
  const summary = app.tagline || app.short_description || app.description || '';
  return {
    title: pageTitle(app.name),
    description: clip(summary ? `${app.name}: ${summary}` : `${app.name} for dental practices.`),
    canonical,
    image: absolute(origin, app.icon_url),
    jsonLd: softwareApplication(app, canonical, origin),
  };
}

export const notFoundHead = (origin: string, path: string, what: string): PageHead => ({
  title: pageTitle(what),
  description: HOME_DESCRIPTION,
  canonical: `${origin}${path}`,
  noindex: true,
});

/** The tags, in order: title, description, robots, canonical, OpenGraph, Twitter, JSON-LD. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE.marketplaceTitle),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', 'summary'),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n    ');
}
